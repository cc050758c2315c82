/**
 * The feed's rows ask for their profiles and quoted notes as their page (or, for a live row, the
 * row itself) arrives, each row's asks together, rather than as each row mounts. Rows mount one at
 * a time (the growing overscan), on a slow phone further apart than the gatherer's quiet time
 * (actors/platform/gather.ts), and their asks then went out as REQs of their own: up to 11 in a first
 * visit's first 5 s (bench "REQs", budget 10). A row mounting later finds its asks answered or
 * under way.
 *
 * Only rows the filters show, and no zap totals: a total needs the author's lightning service (an
 * HTTP request each), and every request for a row nobody sees is work on a phone's start.
 */
import { useEffect, useRef } from 'react'
import type { FeedPage } from '../../../actors/feed/feed-queries.ts'
import { inOwnTask } from '../../../actors/platform/own-task.ts'
import type { FeedEntry } from '../../../core/feed/feed-entry.ts'
import { type FeedFilter, filterEntries } from '../../../core/feed/feed-filter.ts'
import { rowAsks } from '../../../core/feed/row-asks.ts'
import { useSystem } from '../../system-context.tsx'

export function usePageAsks(
  pages: readonly FeedPage[] | undefined,
  live: readonly FeedEntry[] | undefined,
  filter: FeedFilter,
): void {
  const system = useSystem()
  const asked = useRef(new WeakSet<FeedEntry>())
  useEffect(() => {
    const { queryClient } = system
    const arrived = [...(pages ?? []).flatMap((page) => page.entries), ...(live ?? [])].filter(
      (entry) => !asked.current.has(entry) && asked.current.add(entry),
    )
    if (arrived.length === 0) return
    // A task of their own: the page's commit, where this effect runs, is long enough already.
    inOwnTask(() => {
      const { pubkeys, notes } = rowAsks(filterEntries(arrived, filter))
      for (const pubkey of pubkeys) void queryClient.prefetchQuery(system.metadataQuery(pubkey))
      // With its hints: the quote shares ['note', id], and an ask without them in flight when
      // the quote mounts would be the one it gets ('Quoted note not found').
      for (const { id, relays } of notes)
        void queryClient.prefetchQuery(system.noteQuery(id, relays))
    })
  }, [system, pages, live, filter])
}
