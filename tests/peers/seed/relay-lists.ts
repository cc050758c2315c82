// Where everyone reads and writes (NIP-65, kind 10002), and the relay hints that follow from it:
// an e or q tag names the event author's write relay, a p tag the person's write relay, a zap
// request's relays tag the recipient's read relays (NIP-57).
import type { WorldContext } from './context.ts'
import type { Rng } from './prng.ts'

export interface RelayListEntry {
  url: string
  read: boolean
  write: boolean
}

export interface RelayList {
  /** one per relay, in the order of the kind 10002 tags */
  entries: RelayListEntry[]
  /** read relays: the person's inbox */
  read: string[]
  /** write relays: the person's outbox */
  write: string[]
}

/** People the demo account follows who write only to small relays. */
export const SMALL_ONLY_COUNT = 6

/** A relay list from entries; a relay named twice (one URL in several roles) is merged. */
export function relayList(entries: readonly RelayListEntry[]): RelayList {
  const merged = new Map<string, RelayListEntry>()
  for (const e of entries) {
    const known = merged.get(e.url)
    merged.set(
      e.url,
      known ? { url: e.url, read: known.read || e.read, write: known.write || e.write } : { ...e },
    )
  }
  const list = [...merged.values()]
  return {
    entries: list,
    read: list.filter((e) => e.read).map((e) => e.url),
    write: list.filter((e) => e.write).map((e) => e.url),
  }
}

/** NIP-65 r tags: no marker for read and write, else 'read' or 'write'. */
export function relayListTags(list: RelayList): string[][] {
  return list.entries.map((e) =>
    e.read && e.write ? ['r', e.url] : ['r', e.url, e.read ? 'read' : 'write'],
  )
}

const rw = (url: string): RelayListEntry => ({ url, read: true, write: true })
const readOnly = (url: string): RelayListEntry => ({ url, read: true, write: false })
const writeOnly = (url: string): RelayListEntry => ({ url, read: false, write: true })

/**
 * Everyone's relay list, deterministic from `rng` (a stream of its own, so the rest of the world
 * does not depend on these draws). The demo account reads and writes on both general relays; a
 * few people it follows write only to small relays; everyone else has a general "home" relay and
 * one or two more. Each list names 2–3 relays; the indexer and the hint-only relay are in none.
 */
export function assignRelayLists(ctx: WorldContext, rng: Rng): void {
  const [a, b] = ctx.relays.general
  const small = ctx.relays.small
  const demo = ctx.demo.persona.handle
  const followed = ctx.authors.filter((x) => ctx.follows.get(demo)?.has(x.persona.handle))
  const smallOnly = new Set(rng.sample(followed, SMALL_ONLY_COUNT))
  for (const author of ctx.authors) {
    let entries: RelayListEntry[]
    if (author === ctx.demo) {
      entries = [rw(a), rw(b)]
    } else if (smallOnly.has(author)) {
      const [first, second] = rng.sample(small, rng.int(1, 2)) as [string, string | undefined]
      entries = [rw(first), ...(second ? [writeOnly(second)] : []), readOnly(rng.pick([a, b]))]
    } else {
      const home = rng.pick([a, b])
      const other = home === a ? b : a
      const [s1, s2] = rng.sample(small, 2) as [string, string]
      const second = rng.weighted(
        [rw(other), readOnly(other), rw(s1), writeOnly(s1)],
        [0.3, 0.2, 0.3, 0.2],
      )
      entries = [rw(home), second]
      if (rng.chance(0.4)) entries.push(rng.pick([rw(s2), readOnly(s2), writeOnly(s2)]))
    }
    ctx.relayLists.set(author.id.pubkey, relayList(entries))
  }
}

/** The relay to name in an e, q or p tag for something by `pubkey`: their first write relay. */
export function outboxHint(ctx: WorldContext, pubkey: string): string {
  return ctx.relayLists.get(pubkey)?.write[0] ?? ctx.relays.general[0]
}

/** Where `pubkey` reads: replies, mentions, reactions and zaps for them go there too. */
export function inboxOf(ctx: WorldContext, pubkey: string): string[] {
  return ctx.relayLists.get(pubkey)?.read ?? [ctx.relays.general[0]]
}
