/**
 * Each page of the feed asks for its shown rows' profiles and quoted notes together as it
 * arrives, rather than each row as it mounts. Rows mount one at a time (the growing overscan), on
 * a slow phone further apart than the gatherer's quiet time (actors/gather.ts), and their asks
 * then went out as REQs of their own: up to 11 in a first visit's first 5 s (bench "REQs",
 * budget 10). A row mounting later finds its asks answered or under way.
 *
 * Only rows the filters show, and no zap totals: a total needs the author's lightning service (an
 * HTTP request each), and every request for a row nobody sees is work on a phone's start.
 */
import { useEffect, useRef } from 'react'
import type { FeedPage } from '../../actors/feed-queries.ts'
import { type FeedFilter, filterEntries } from '../../core/feed-filter.ts'
import { rowAsks } from '../../core/row-asks.ts'
import { useSystem } from '../system-context.tsx'

export function usePageAsks(pages: readonly FeedPage[] | undefined, filter: FeedFilter): void {
  const system = useSystem()
  const asked = useRef(new WeakSet<FeedPage>())
  useEffect(() => {
    const { queryClient } = system
    for (const page of pages ?? []) {
      if (asked.current.has(page)) continue
      asked.current.add(page)
      const { pubkeys, noteIds } = rowAsks(filterEntries(page.entries, filter))
      for (const pubkey of pubkeys) void queryClient.prefetchQuery(system.metadataQuery(pubkey))
      for (const id of noteIds) void queryClient.prefetchQuery(system.noteQuery(id))
    }
  }, [system, pages, filter])
}
