import { createFileRoute, redirect } from '@tanstack/react-router'
import { parseModalSearch } from '../../core/app/modal-search.ts'
import { openable, parseSearchParams } from '../../core/search/search-params.ts'
import { SearchPage } from '../components/search/SearchPage.tsx'

/**
 * /search?q= (spec §2): one input; the query lives in the URL so Back and reload keep it. An npub,
 * nprofile, note or nevent needs no search: it opens its page at once, in place of this entry.
 */
export const Route = createFileRoute('/search')({
  validateSearch: (raw: Record<string, unknown>) => ({
    ...parseModalSearch(raw),
    ...parseSearchParams(raw),
  }),
  beforeLoad: ({ search, location }) => {
    // A secret key that came in a link: out of the address bar, whatever else happens.
    if (new URLSearchParams(location.searchStr).has('q') && search.q === undefined) {
      throw redirect({ to: '/search', search: {}, replace: true })
    }
    const query = openable(search.q ?? '')
    if (query?.kind === 'profile') {
      throw redirect({ to: '/npub/$npub', params: { npub: query.identifier }, replace: true })
    }
    if (query?.kind === 'note') {
      throw redirect({ to: '/note/$noteId', params: { noteId: query.identifier }, replace: true })
    }
  },
  component: SearchPage,
})
