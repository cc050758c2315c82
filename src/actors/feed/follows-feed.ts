/**
 * Follow Only read by outbox (NIP-65): each page asks every relay of the followed authors' plan
 * (core/relays/outbox-plan.ts: their 2 write relays, the pool for authors with no list, cut to a
 * cover past 20 relays) for the notes of the authors it serves, one REQ per relay, in waves of
 * OUTBOX_WAVE_RELAYS relays outside the pool. The answers merge by
 * created_at as a page of the pool's did (feed-queries.ts): each relay gives its newest `limit`
 * up to `until`, so the newest page of them all is right, and a relay with nothing older only
 * adds nothing; the feed ends when the page of them all is empty. A relay that still owes notes
 * from an earlier page is asked from there (core/feed/relays-owed.ts). New notes: follows-live.ts.
 */
import { type FeedSource, feedPageFilters, type PageStart } from '../../core/feed/feed-source.ts'
import {
  completeDownTo,
  type RelayOutcome,
  relayOutcome,
  untilFor,
} from '../../core/feed/relays-owed.ts'
import { OUTBOX_WAVE_RELAYS, planWaves } from '../../core/relays/outbox-plan.ts'
import { hubSpelling, poolReadUrls } from '../../core/relays/pool-urls.ts'
import type { ReadRoutes } from '../relays/read-routes.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { mergeAnswers } from '../relays/routed-query.ts'
import { queryStored, type StoredAnswer } from '../relays/stored-events.ts'

/** How many of the plan's relays outside the pool get a live subscription (follows-live.ts). */
export { OUTBOX_LIVE_RELAYS } from '../../core/relays/outbox-plan.ts'

export type Follows = NonNullable<FeedSource['follows']>

/** A page's answer, and what each relay asked by name did with it. */
export interface PageAnswer extends StoredAnswer {
  outcomes: readonly RelayOutcome[]
  /**
   * How far back every relay that answered sent all it holds (completeDownTo), when what each
   * relay asked sent is known; undefined otherwise.
   */
  complete?: number
}

/** The same feed for some of its authors: what one relay of the plan is asked. */
export const withAuthors = (
  source: FeedSource & { follows: Follows },
  authors: string[],
): FeedSource => ({ ...source, follows: { ...source.follows, authors } })

/** One page of a Follow Only feed: its plan's relays, each for the authors it serves. */
export async function queryFollowsPage(
  hub: RelayHub,
  routes: ReadRoutes,
  source: FeedSource & { follows: Follows },
  limit: number,
  start: PageStart,
): Promise<PageAnswer> {
  const pool = routes.pool()
  // Before the pool has started no relay is known: the hub asks whichever joins.
  if (poolReadUrls(pool).length === 0) {
    const answer = await queryStored(hub, feedPageFilters(source, limit, start.until || undefined))
    return { ...answer, outcomes: [] }
  }
  const plan = await routes.outbox.plan(source.follows.authors, pool)
  // A wave at a time: a plan of more relays than the socket budget never opens them all at once.
  const answers: StoredAnswer[] = []
  const outcomes: RelayOutcome[] = []
  for (const wave of planWaves(plan, poolReadUrls(pool), OUTBOX_WAVE_RELAYS)) {
    const asked = await Promise.all(
      wave.map(async ([relay, authors]) => {
        const url = hubSpelling(relay, pool)
        const until = untilFor(start.owed, url, start.until)
        const filters = feedPageFilters(withAuthors(source, authors), limit, until || undefined)
        if (filters.length === 0) return []
        const reason = { kind: 'outbox', pubkeys: authors } as const
        const answer = await queryStored(hub, filters, { relays: [url], reason })
        const sent = answer.found.map(({ event }) => event)
        return [{ answer, outcome: relayOutcome(url, until, answer.answered, filters, sent) }]
      }),
    )
    for (const { answer, outcome } of asked.flat()) {
      answers.push(answer)
      outcomes.push(outcome)
    }
  }
  return { ...mergeAnswers(answers), outcomes, complete: completeDownTo(outcomes) }
}
