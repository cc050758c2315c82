/**
 * Reading many authors by outbox (NIP-65): which relay is asked for which authors, as one plan
 * for a page of a Following feed. Each author's 2 write relays are chosen as selectOutboxRelays
 * does (relays shared by many authors first); authors with no list are asked on the fallback
 * relays (the pool's readable ones). Each relay is then one REQ naming every author it serves.
 *
 * Budget: a plan names at most OUTBOX_MAX_RELAYS relays. The pool and the short-lived
 * connections share 20 open sockets (spec §9, relay pool: max 20 connections), and one page must
 * not try to open more than that at once. Past the cap, the relays serving the most authors are
 * kept; an author whose chosen relays were all cut is asked on another of their write relays that
 * is kept, else on every fallback relay (which are always kept, being open already).
 */
import { OUTBOX_RELAYS_PER_AUTHOR, selectOutboxRelays } from './outbox.ts'
import { normalizeRelayUrls } from './relay-url.ts'

/** Relays one plan names at most: the 20 sockets of the pool's cap (spec §9). */
export const OUTBOX_MAX_RELAYS = 20

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

  // Over budget: the fallback relays, then the relays serving the most authors, up to the cap.
  const keptFallback = fallback.slice(0, max)
  const fallbackSet = new Set(keptFallback)
  const others = [...chosen.keys()].filter((relay) => !fallbackSet.has(relay))
  const kept = new Set([...keptFallback, ...others.slice(0, max - keptFallback.length)])
  const rank = new Map([...chosen.keys()].map((relay, order) => [relay, order]))
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
