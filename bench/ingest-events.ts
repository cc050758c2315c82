/**
 * The events the ingestion rows feed the app: 10,000 distinct signed kind-1 notes by 20 authors,
 * one second apart, with ordinary content and a few tags. Signed once with nostr-wasm (seconds,
 * not minutes) and cached under bench/results/, which git ignores; a cache that does not verify
 * (edited, truncated, another count) is signed again.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { initNostrWasm } from 'nostr-wasm'

export const INGEST_EVENT_COUNT = 10_000
export const INGEST_RELAY_COUNT = 3
/** created_at of the newest note; the others step back one second each. */
const NEWEST = 1_750_000_000
const AUTHORS = 20
/** A filter may ask for 1,000 events at most (the relay's max_limit): one filter per window. */
const WINDOW_SECONDS = 1000
const CACHE = 'ingest-events-v1.json'

const TOPICS = ['nostr', 'bitcoin', 'news', 'art', 'music', 'dev']
const WORDS =
  'the relay sent a note about keys signatures lightning zaps clients feeds threads and more'.split(
    ' ',
  )

function content(i: number): string {
  const length = 12 + (i % 40)
  const words = Array.from({ length }, (_, w) => WORDS[(i * 7 + w * 3) % WORDS.length])
  const link = i % 5 === 0 ? ` https://example.com/post/${i}` : ''
  return `${words.join(' ')} #${TOPICS[i % TOPICS.length]}${link}`
}

async function sign(): Promise<NostrEvent[]> {
  const wasm = await initNostrWasm()
  const keys = Array.from({ length: AUTHORS }, () => wasm.generateSecretKey())
  return Array.from({ length: INGEST_EVENT_COUNT }, (_, i) => {
    const event = {
      kind: 1,
      created_at: NEWEST - i,
      tags: [['t', TOPICS[i % TOPICS.length]!]],
      content: content(i),
    } as NostrEvent
    wasm.finalizeEvent(event, keys[i % AUTHORS]!)
    return event
  })
}

async function cachedIsSound(events: unknown): Promise<boolean> {
  if (!Array.isArray(events) || events.length !== INGEST_EVENT_COUNT) return false
  const wasm = await initNostrWasm()
  const ids = new Set<string>()
  for (const event of events as NostrEvent[]) {
    try {
      wasm.verifyEvent(event)
    } catch {
      return false
    }
    ids.add(event.id)
  }
  return ids.size === INGEST_EVENT_COUNT
}

/** The 10,000 notes, newest first, from the cache when it holds them. */
export async function ingestEvents(root: string): Promise<NostrEvent[]> {
  const dir = join(root, 'bench', 'results')
  const file = join(dir, CACHE)
  if (existsSync(file)) {
    try {
      const cached: unknown = JSON.parse(readFileSync(file, 'utf8'))
      if (await cachedIsSound(cached)) return cached as NostrEvent[]
    } catch {
      // Unreadable: sign again below.
    }
  }
  const events = await sign()
  mkdirSync(dir, { recursive: true })
  writeFileSync(file, JSON.stringify(events))
  return events
}

/** Each event on exactly one relay, dealt round-robin, so every relay holds a third. */
export const dealAcrossRelays = (
  events: NostrEvent[],
  relays = INGEST_RELAY_COUNT,
): NostrEvent[][] =>
  Array.from({ length: relays }, (_, r) => events.filter((_, i) => i % relays === r))

/** Filters that together ask for every one of the events, none for more than 1,000. */
export function filtersCovering(events: NostrEvent[]): Filter[] {
  const times = events.map((event) => event.created_at)
  const oldest = Math.min(...times)
  const newest = Math.max(...times)
  const filters: Filter[] = []
  for (let until = newest; until >= oldest; until -= WINDOW_SECONDS) {
    filters.push({ kinds: [1], since: until - WINDOW_SECONDS + 1, until, limit: WINDOW_SECONDS })
  }
  return filters
}
