/**
 * Each page of the feed asks for its rows' profiles and quoted notes together as it arrives, and
 * for their zap totals once the browser is idle (when cards draw them), rather than each row as
 * it mounts. Rows mount one at a time (the growing overscan), on a slow phone further apart than
 * the gatherer's quiet time (actors/gather.ts), and their asks then went out as REQs of their
 * own: up to 11 in a first visit's first 5 s (bench "REQs", budget 10). A row mounting later
 * finds its asks answered or under way.
 */
import { useEffect, useRef } from 'react'
import type { FeedPage } from '../../actors/feed-queries.ts'
import { whenIdle } from '../../actors/when-idle.ts'
import { rowAsks } from '../../core/row-asks.ts'
import { useSystem } from '../system-context.tsx'

export function usePageAsks(pages: readonly FeedPage[] | undefined): void {
  const system = useSystem()
  const asked = useRef(new WeakSet<FeedPage>())
  useEffect(() => {
    const { queryClient } = system
    const fresh = (pages ?? []).filter((page) => !asked.current.has(page))
    if (fresh.length === 0) return
    for (const page of fresh) {
      asked.current.add(page)
      const { pubkeys, noteIds } = rowAsks(page.entries)
      for (const pubkey of pubkeys) void queryClient.prefetchQuery(system.metadataQuery(pubkey))
      for (const id of noteIds) void queryClient.prefetchQuery(system.noteQuery(id))
    }
    const notes = fresh.flatMap((page) => page.entries.flatMap((entry) => entry.note ?? []))
    whenIdle(
      () =>
        void import('../../actors/zaps.ts').then(({ zapsOf }) => {
          const zaps = zapsOf(system)
          for (const note of notes) void queryClient.prefetchQuery(zaps.totalsQuery(note))
        }),
      { fallbackMs: 200 },
    )
  }, [system, pages])
}
