import { Link } from '@tanstack/react-router'
import { PageBar } from '../kit/PageBar.tsx'

export const PAGE_NOT_FOUND = 'Page not found'
export const NO_PAGE_HERE = 'Plume has no page at this address.'

/** The router's page for an address no route matches (a mistyped or outdated link). */
export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title">
      <PageBar titleId="not-found-title">{PAGE_NOT_FOUND}</PageBar>
      <p className="feed-message">
        {NO_PAGE_HERE} <Link to="/">Go to the feed</Link>
      </p>
    </section>
  )
}
