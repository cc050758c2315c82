/**
 * Data prefetch for a link the reader is about to follow (spec §2, §9): the router preloads the
 * screen's code on intent and calls this with the link's path first. A note's query (stale 30 s,
 * kept 10 min) or a profile's metadata (stale at once, kept 10 min) is fetched into the query
 * cache, where the page finds it. prefetchQuery never throws: a failed prefetch is simply not
 * there. Paths that get no prefetch (other screens, identifiers that do not decode, data saver,
 * 2g) answer false, and the router's preload is cancelled.
 */
import type { QueryClient } from '@tanstack/react-query'
import { prefetchAllowed, prefetchTarget } from '../../core/app/prefetch.ts'
import { connectionHints } from '../app/network-hints.ts'
import { noteQueryOptions } from '../feed/note-queries.ts'
import type { ProfileQueries } from '../people/profile-queries.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

export interface RoutePrefetchDeps {
  hub: RelayHub
  queryClient: QueryClient
  profiles: Pick<ProfileQueries, 'metadata'>
}

/** Prefetches the data of the path's screen; false when the path gets no prefetch at all. */
export type RoutePrefetch = (pathname: string) => boolean

export function createRoutePrefetch(deps: RoutePrefetchDeps): RoutePrefetch {
  const { hub, queryClient, profiles } = deps
  return (pathname) => {
    // Checked at each prefetch: a link rendered before data saver was turned on still tries.
    if (!prefetchAllowed(connectionHints())) return false
    const target = prefetchTarget(pathname)
    if (target?.kind === 'note') void queryClient.prefetchQuery(noteQueryOptions(hub, target.id))
    else if (target?.kind === 'profile') {
      void queryClient.prefetchQuery(profiles.metadata(target.pubkey))
    }
    return target !== null
  }
}
