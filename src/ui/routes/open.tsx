import { createFileRoute, Link, Navigate } from '@tanstack/react-router'
import { routeForNostrLink, UNSUPPORTED_LINK } from '../../core/app/nostr-link.ts'

/**
 * /open?uri=web+nostr:… : where the manifest's `web+nostr` protocol handler lands. A note or
 * profile link goes straight to its page (replacing this entry); anything else says so. The
 * decoding lives in the component, so it loads with this screen, not with the app.
 */
export const Route = createFileRoute('/open')({
  validateSearch: (search: Record<string, unknown>): { uri: string } => ({
    uri: typeof search.uri === 'string' ? search.uri : '',
  }),
  component: OpenLink,
})

function OpenLink() {
  const { uri } = Route.useSearch()
  const route = routeForNostrLink(uri)
  if (route) return <Navigate {...route} replace />
  return (
    <section className="about-page" aria-label="Open link">
      <p className="feed-message" role="alert">
        {UNSUPPORTED_LINK}
      </p>
      <Link to="/">Go to the feed</Link>
    </section>
  )
}
