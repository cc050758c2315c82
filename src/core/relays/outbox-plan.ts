/**
 * Reading many authors by outbox (NIP-65): which relay is asked for which authors, as one plan
 * for a page of a Following feed. Each author's 2 write relays are chosen as selectOutboxRelays
 * does (relays shared by many authors first); authors with no list are asked on the fallback
 * relays (the pool's readable ones). Each relay is then one REQ naming every author it serves.
 *
 * Budget: the pool and the short-lived connections share 20 open sockets (spec §9, relay pool:
 * max 20 connections). When the choice names more than OUTBOX_MAX_RELAYS relays, the plan is cut
 * down to a cover: the fallback relays (open already), then, one at a time, the relay that serves
 * the most authors not yet served, until every author with a list is served by one of their own
 * relays (a greedy set cover; cutting to the 20 busiest instead lost a quarter of the authors of
 * 500 spread over 40 relays). A cover may still name more than 20 relays: the reader asks them in
 * waves (planWaves), so no more than that are open at once.
 */
import { OUTBOX_RELAYS_PER_AUTHOR, selectOutboxRelays } from './outbox.ts'
import { normalizeRelayUrls } from './relay-url.ts'

/** Relays one plan names at most before it is cut to a cover: the 20 sockets of the pool's cap (spec §9). */
export const OUTBOX_MAX_RELAYS = 20
/**
 * The 20 sockets shared (spec §9): the pool's (up to 4 open), the Following feed's live
 * subscriptions on the plan's first OUTBOX_LIVE_RELAYS relays outside the pool, and a page asked
 * OUTBOX_WAVE_RELAYS relays at a time.
 */
export const OUTBOX_LIVE_RELAYS = 8
export const OUTBOX_WAVE_RELAYS = 8

export interface OutboxPlanInput {
  authors: readonly string[]
  /** The author's write relays; undefined when no list is known (asked on the fallback). */
  writeRelaysOf(pubkey: string): readonly string[] | undefined
  /** Where authors without a list, or whose relays were all cut, are asked: the pool's readable relays. */
  fallback: readonly string[]
  /** Relays never named (the blacklist): as if the author did not list them. */
  blocked?: readonly string[]
  perAuthor?: number
  maxRelays?: number
}

/** Relay (normalized) → the authors asked there, the relay serving the most authors first. */
export type OutboxPlan = Map<string, string[]>

export function planOutboxReads(input: OutboxPlanInput): OutboxPlan {
  const take = Math.max(1, Math.floor(input.perAuthor ?? OUTBOX_RELAYS_PER_AUTHOR))
  const max = Math.max(1, Math.floor(input.maxRelays ?? OUTBOX_MAX_RELAYS))
  const fallback = normalizeRelayUrls(input.fallback)
  const blocked = new Set(normalizeRelayUrls(input.blocked ?? []))
  const writeRelays = new Map<string, string[] | undefined>()
  for (const author of input.authors) {
    const listed = input.writeRelaysOf(author)
    writeRelays.set(
      author,
      listed && normalizeRelayUrls(listed).filter((relay) => !blocked.has(relay)),
    )
  }
  const chosen = selectOutboxRelays(
    [...writeRelays.keys()],
    (author) => writeRelays.get(author),
    fallback,
    take,
  )
  if (chosen.size <= max) return chosen

  // Over budget: the fallback relays, then a greedy cover of the authors with a list.
  const keptFallback = fallback
  const kept = new Set(keptFallback)
  const uncovered = new Set(
    [...writeRelays].filter(([, listed]) => listed && listed.length > 0).map(([author]) => author),
  )
  for (const [author, listed] of writeRelays) {
    if (listed?.some((relay) => kept.has(relay))) uncovered.delete(author)
  }
  const rank = new Map([...chosen.keys()].map((relay, order) => [relay, order]))
  while (uncovered.size > 0) {
    const counts = new Map<string, number>()
    for (const author of uncovered) {
      for (const relay of writeRelays.get(author) ?? []) {
        counts.set(relay, (counts.get(relay) ?? 0) + 1)
      }
    }
    const [best] = [...counts].sort(
      (a, b) => b[1] - a[1] || (rank.get(a[0]) ?? Infinity) - (rank.get(b[0]) ?? Infinity),
    )
    if (!best) break
    kept.add(best[0])
    for (const author of [...uncovered]) {
      if (writeRelays.get(author)?.includes(best[0])) uncovered.delete(author)
    }
  }
  const chosenOf = new Map<string, string[]>()
  for (const [relay, authors] of chosen) {
    for (const author of authors) chosenOf.set(author, [...(chosenOf.get(author) ?? []), relay])
  }

  const plan: OutboxPlan = new Map()
  const assign = (relay: string, author: string) => {
    const list = plan.get(relay)
    if (list) list.push(author)
    else plan.set(relay, [author])
  }
  for (const [author, listed] of writeRelays) {
    const own = (listed ?? []).filter((relay) => kept.has(relay))
    if (own.length === 0) {
      for (const relay of keptFallback) assign(relay, author)
      continue
    }
    // The relays chosen for them that survived, then their other kept write relays by rank.
    const survived = (chosenOf.get(author) ?? []).filter((relay) => own.includes(relay))
    const rest = own
      .filter((relay) => !survived.includes(relay))
      .sort((a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity))
    const relays = [...survived, ...rest]
    const topUp = keptFallback.filter((relay) => !relays.includes(relay))
    for (const relay of [...relays, ...topUp].slice(0, take)) assign(relay, author)
  }
  return new Map(
    [...plan]
      .map(([relay, authors], order) => ({ relay, authors, order }))
      .sort((a, b) => b.authors.length - a.authors.length || a.order - b.order)
      .map(({ relay, authors }) => [relay, authors]),
  )
}

/**
 * The plan's relays in waves of at most `size` relays outside the pool (the pool's relays, open
 * already, ride in the first): asked one wave after the other, a cover of more relays than the
 * socket budget never holds more than it at once.
 */
export function planWaves(
  plan: OutboxPlan,
  pool: readonly string[],
  size: number,
): Array<Array<[string, string[]]>> {
  const inPool = new Set(normalizeRelayUrls(pool))
  const entries = [...plan]
  const first = entries.filter(([relay]) => inPool.has(relay))
  const outside = entries.filter(([relay]) => !inPool.has(relay))
  const waves: Array<Array<[string, string[]]>> = []
  for (let at = 0; at < outside.length || waves.length === 0; at += Math.max(1, size)) {
    waves.push([...(waves.length === 0 ? first : []), ...outside.slice(at, at + Math.max(1, size))])
  }
  return waves
}
