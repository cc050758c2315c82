/**
 * A cap on the unused queries of one group of the query cache (the first part of their key).
 * Per-note data (a note's likes and reposts, its zap total) is asked for every note shown and
 * was kept for gcTime (10 minutes) after, each query with a timer: scrolling from 200 to 2,000
 * notes added 3,600 of them, 1.7 MiB of JS heap and 1 MiB of Blink's timers (bench "scroll
 * heap", heap snapshots). Past the cap, the unused query least recently added or updated goes,
 * and its timer with it; a note shown again asks again.
 *
 * A query is in use while it has observers (a mounted useQuery), while it is fetching, or while
 * a view holds it (`hold`: data that views read from the cache without observing it).
 */
import { hashKey, type Query, type QueryCache, type QueryKey } from '@tanstack/react-query'

export interface QueryCap {
  /** Keeps these queries, whatever the cap, until the returned function is called. */
  hold(keys: readonly QueryKey[]): () => void
  stop(): void
}

export function capQueries(cache: QueryCache, group: string, cap: number): QueryCap {
  const holds = new Map<string, number>()
  /** Unused queries, least recently added or updated first. */
  const unused = new Map<string, Query>()
  let trimming = false

  // After the moment's changes: a view that lets go of its notes and holds them again in the
  // same commit (an effect's cleanup, then the effect) loses none of them.
  const trim = () => {
    if (trimming) return
    trimming = true
    queueMicrotask(() => {
      trimming = false
      for (const query of unused.values()) {
        if (unused.size <= cap) return
        unused.delete(query.queryHash)
        cache.remove(query)
      }
    })
  }
  const settle = (query: Query) => {
    unused.delete(query.queryHash)
    const idle =
      cache.get(query.queryHash) === query &&
      query.getObserversCount() === 0 &&
      query.state.fetchStatus === 'idle' &&
      !holds.has(query.queryHash)
    if (!idle) return
    unused.set(query.queryHash, query)
    if (unused.size > cap) trim()
  }

  const unsubscribe = cache.subscribe((event) => {
    const { query } = event
    if (query.queryKey[0] !== group) return
    if (event.type === 'removed') {
      if (unused.get(query.queryHash) === query) unused.delete(query.queryHash)
    } else if (event.type !== 'observerResultsUpdated' && event.type !== 'observerOptionsUpdated') {
      settle(query)
    }
  })

  // Those already there (restored from the stored cache, or asked before the cap was set).
  for (const query of cache.findAll({ queryKey: [group] })) settle(query)

  return {
    hold(keys) {
      const hashes = keys.map((key) => hashKey(key))
      for (const hash of hashes) {
        holds.set(hash, (holds.get(hash) ?? 0) + 1)
        unused.delete(hash)
      }
      let held = true
      return () => {
        if (!held) return
        held = false
        for (const hash of hashes) {
          const count = (holds.get(hash) ?? 1) - 1
          if (count > 0) {
            holds.set(hash, count)
            continue
          }
          holds.delete(hash)
          const query = cache.get(hash)
          if (query) settle(query)
        }
      }
    },
    stop: unsubscribe,
  }
}
