/**
 * New notes of a Follow Only feed from the followed authors' relays (NIP-65 outbox): the app's
 * live subscription (feed-queries.ts followLiveFeed) reads the pool; each relay of the feed's
 * plan outside the pool gets a live subscription of its own, for the authors it serves, while
 * the feed is shown. What arrives goes into this feed's live rows only.
 */
import type { QueryClient } from '@tanstack/react-query'
import { type FeedEntry, noteEntry } from '../../core/feed/feed-entry.ts'
import {
  FEED_KINDS,
  type FeedSource,
  feedFilters,
  feedSourceKey,
} from '../../core/feed/feed-source.ts'
import { toNote } from '../../core/feed/note.ts'
import { outsidePool } from '../../core/relays/pool-urls.ts'
import { atTaskEnd } from '../platform/at-task-end.ts'
import type { ReadRoutes } from '../relays/read-routes.ts'
import type { RelayHub, Subscription } from '../relays/relay-hub.ts'
import type { Verifier } from '../relays/verifier.ts'
import { addLiveTo, LIVE_OVERLAP_SECONDS, loadFollowOnly } from './feed-queries.ts'
import { resolveEntries } from './repost-resolver.ts'

export interface OutboxLiveDeps {
  hub: RelayHub
  routes: ReadRoutes
  queryClient: QueryClient
  verifier?: Verifier
}

/**
 * New notes and reposts of the followed authors from their relays outside the pool, into this
 * feed's live rows only (the pool's live subscription feeds every feed). Returns the unsubscribe.
 */
export function followOutboxLive(deps: OutboxLiveDeps, source: FeedSource): () => void {
  const { hub, routes, queryClient, verifier } = deps
  const follows = source.follows
  if (!follows) return () => {}
  const subscriptions: Subscription[] = []
  let stopped = false
  const since = Math.floor(Date.now() / 1000) - LIVE_OVERLAP_SECONDS
  const key = feedSourceKey(source)
  const pool = routes.pool()
  // A task's events in one write, as the pool's live subscription does (feed-queries.ts).
  const add = atTaskEnd((entries: FeedEntry[]) => addLiveTo(queryClient, key, entries))
  // The plan's code, and Follow Only's, load with the feed's first page (feed-queries.ts).
  const planned = Promise.all([routes.outbox.plan(follows.authors, pool), loadFollowOnly()])
  void planned.then(([plan, { OUTBOX_LIVE_RELAYS, withAuthors }]) => {
    if (stopped) return
    // The relays serving the most authors: the rest of the socket budget is for paging.
    const outside = new Set(outsidePool([...plan.keys()], pool).slice(0, OUTBOX_LIVE_RELAYS))
    for (const [relay, authors] of plan) {
      if (!outside.has(relay)) continue
      const filters = feedFilters(withAuthors({ ...source, follows }, authors)).map((filter) => ({
        ...filter,
        since,
      }))
      subscriptions.push(
        hub.subscribe(
          filters,
          {
            onEvent: (event) => {
              if (event.kind === FEED_KINDS[0]) {
                add(noteEntry(toNote(event, Date.now())))
                return
              }
              void resolveEntries({ hub, verifier, queryClient, routes }, [event]).then(
                ([entry]) => entry && add(entry),
              )
            },
          },
          { relays: [relay], reason: { kind: 'outbox', pubkeys: authors } },
        ),
      )
    }
  })
  return () => {
    stopped = true
    for (const subscription of subscriptions.splice(0)) subscription.close()
  }
}
