/**
 * The wide world: many authors spread thin over many relays, for measuring how a reader follows
 * them all (the outbox model at scale). Each author's kind 10002 names 2–3 of the spread relays
 * and their notes of the last 7 days are stored only on their write relays; profiles and relay
 * lists are also on the indexer. One reader follows every author and reads and writes on the two
 * general relays, which hold none of the authors' notes. Deterministic for a given `now`.
 *
 *   const wide = await generateWideWorld({ relays: wideRelaysOn(ports) })
 *   wide.followedNotes   // the ground truth: what the reader's home feed of 7 days should hold
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { deriveIdentity, type Identity, toAccount } from './seed/keys.ts'
import { placeEvents } from './seed/placement.ts'
import { createRng, type Rng } from './seed/prng.ts'
import {
  type RelayList,
  type RelayListEntry,
  relayList,
  relayListTags,
} from './seed/relay-lists.ts'
import { createSigner } from './seed/signer.ts'
import type { DemoAccount } from './seed/types.ts'

export const WIDE_AUTHORS = 500
export const WIDE_SPREAD_RELAYS = 40
const DAY = 86_400
/** notes are spread over this window before `now` */
export const WIDE_WINDOW = 7 * DAY
const SEED = 'plume-wide-world/v1'

export interface WideRelays {
  /** the reader's relays, in the default pool; no author writes here */
  general: readonly [string, string]
  /** holds every profile, contact list and relay list */
  indexer: string
  /** the relays the authors read and write on */
  spread: readonly string[]
}

export interface WideWorldOptions {
  relays: WideRelays
  /** unix seconds; default: the current time */
  now?: number
  /** default 500 */
  authors?: number
}

export interface WideWorld {
  relays: WideRelays
  /** every relay URL: general A and B, the indexer, then the spread relays */
  relayUrls: string[]
  /** signed, oldest first */
  events: NostrEvent[]
  /** follows every author; reads and writes on the general relays */
  reader: DemoAccount
  /** the authors' pubkeys */
  authors: string[]
  /** pubkey -> read and write relays of their kind 10002 */
  relayLists: Record<string, { read: string[]; write: string[] }>
  /** ground truth: relay URL -> the events it stores, oldest first */
  eventsByRelay: Map<string, NostrEvent[]>
  /** ground truth: the relays that store an event */
  relaysOf(id: string): string[]
  /** ground truth: the followed authors' notes of the last 7 days, newest first (ties by id) */
  followedNotes: NostrEvent[]
}

/** General A, general B, the indexer, then the spread relays, on these loopback ports. */
export function wideRelaysOn(ports: readonly number[]): WideRelays {
  const urls = ports.map((p) => `ws://127.0.0.1:${p}`)
  const [a, b, indexer, ...spread] = urls
  if (!a || !b || !indexer || spread.length < 2) {
    throw new Error('the wide world needs two general relays, an indexer and spread relays')
  }
  return { general: [a, b], indexer, spread }
}

const OPENINGS = [
  'Morning thought:',
  'Small win today:',
  'Reading notes:',
  'Field report:',
  'Hot take:',
  'Reminder to self:',
  'Overheard:',
  'Question for the timeline:',
]
const SUBJECTS = [
  'relays that answer fast are worth more than relays that hold everything',
  'running a node at home is easier than it looks',
  'the best feeds are the ones you build yourself',
  'signing keys belong on the device, not the server',
  'a good client loads the first note before the logo fades',
  'lightning tips make replies feel like conversations',
  'three relays are enough if you pick them well',
  'the news reads better without an algorithm',
]
const HASHTAGS = ['nostr', 'bitcoin', 'news']

function noteText(rng: Rng, author: number, n: number): { content: string; tag: string } {
  const tag = rng.pick(HASHTAGS)
  return {
    content: `${rng.pick(OPENINGS)} ${rng.pick(SUBJECTS)} (${author + 1}/${n + 1}) #${tag}`,
    tag,
  }
}

/** 2–3 spread relays, the first read and write, at least one write relay. */
function spreadList(rng: Rng, spread: readonly string[]): RelayList {
  const [first, ...more] = rng.sample(spread, rng.int(2, 3)) as [string, ...string[]]
  const entries: RelayListEntry[] = [{ url: first, read: true, write: true }]
  for (const url of more) {
    const marker = rng.pick(['both', 'read', 'write'] as const)
    entries.push({ url, read: marker !== 'write', write: marker !== 'read' })
  }
  return relayList(entries)
}

export async function generateWideWorld(o: WideWorldOptions): Promise<WideWorld> {
  const now = Math.floor(o.now ?? Date.now() / 1000)
  const count = o.authors ?? WIDE_AUTHORS
  const rng = createRng(SEED)
  const timeRng = createRng(`${SEED}/time`)
  const signer = await createSigner()
  const events: NostrEvent[] = []
  const publish = (
    who: Identity,
    kind: number,
    created_at: number,
    tags: string[][],
    content = '',
  ) => {
    const event = signer.create({ kind, created_at, tags, content }, who.secretKey, who.pubkey)
    events.push(event)
    return event
  }

  const authors = Array.from({ length: count }, (_, i) => deriveIdentity(`wide/author/${i}`))
  const reader = deriveIdentity('wide/reader')
  const lists = new Map<string, RelayList>()
  const notes: NostrEvent[] = []
  authors.forEach((author, i) => {
    const list = spreadList(rng, o.relays.spread)
    lists.set(author.pubkey, list)
    const since = now - 40 * DAY - timeRng.int(0, 20 * DAY)
    publish(author, 10002, since, relayListTags(list))
    publish(
      author,
      0,
      since + 60,
      [],
      JSON.stringify({ name: `wide${i + 1}`, display_name: `Wide Author ${i + 1}` }),
    )
    const n = rng.int(2, 8)
    for (let k = 0; k < n; k++) {
      const { content, tag } = noteText(rng, i, k)
      const at = now - timeRng.int(60, WIDE_WINDOW - 60)
      notes.push(publish(author, 1, at, [['t', tag]], content))
    }
  })
  const own = relayList(o.relays.general.map((url) => ({ url, read: true, write: true })))
  lists.set(reader.pubkey, own)
  publish(reader, 10002, now - 30 * DAY, relayListTags(own))
  publish(
    reader,
    0,
    now - 30 * DAY,
    [],
    JSON.stringify({ name: 'reader', display_name: 'Wide Reader' }),
  )
  publish(
    reader,
    3,
    now - 2 * DAY,
    authors.map((a) => ['p', a.pubkey, lists.get(a.pubkey)?.write[0] ?? '']),
  )
  await signer.finish()

  events.sort((x, y) => x.created_at - y.created_at || (x.id < y.id ? -1 : 1))
  const relayUrls = [...o.relays.general, o.relays.indexer, ...o.relays.spread]
  const { eventsByRelay, relaysOf } = placeEvents(events, {
    relays: relayUrls,
    indexer: o.relays.indexer,
    fallback: o.relays.general,
  })
  return {
    relays: o.relays,
    relayUrls,
    events,
    reader: toAccount(reader),
    authors: authors.map((a) => a.pubkey),
    relayLists: Object.fromEntries(
      [...lists].map(([pubkey, list]) => [pubkey, { read: list.read, write: list.write }]),
    ),
    eventsByRelay,
    relaysOf,
    followedNotes: notes
      .filter((e) => e.created_at >= now - WIDE_WINDOW)
      .sort((x, y) => y.created_at - x.created_at || (x.id < y.id ? -1 : 1)),
  }
}
