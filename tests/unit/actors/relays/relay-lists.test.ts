// Relay lists of many people against real relays: one REQ per relay for hundreds of authors, kept
// per author, asked again only when stale or when nobody answered.
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createRelayLists } from '../../../../src/actors/relays/relay-lists.ts'
import { NO_PERSON_RELAYS } from '../../../../src/core/relays/person-relays.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { realHubs } from './real-hub.ts'

const now = Math.floor(Date.now() / 1000)
const keys = Array.from({ length: 600 }, () => generateSecretKey())
const authors = keys.map((key) => getPublicKey(key))
// Every other author has a list; the first one has an older list too.
const lists = keys.flatMap((key, i) =>
  i % 2 === 0
    ? [
        finalizeEvent(
          {
            kind: 10002,
            created_at: now - 10,
            tags: [['r', `wss://w${i}.example.com`, 'write']],
            content: '',
          },
          key,
        ),
      ]
    : [],
)
const older = finalizeEvent(
  { kind: 10002, created_at: now - 100, tags: [['r', 'wss://old.example.com']], content: '' },
  keys[0]!,
)

const hubs = realHubs()
let relay: RelayHandle
let indexer: RelayHandle

beforeAll(async () => {
  // The lists are split between two relays: both are asked.
  relay = await startRelay({ seed: [older, ...lists.filter((_, i) => i % 2 === 0)] })
  indexer = await startRelay({ seed: lists.filter((_, i) => i % 2 === 1) })
})
afterAll(async () => {
  hubs.close()
  await Promise.all([relay.close(), indexer.close()])
})
afterEach(() => {
  void hubs.stopSockets()
})

describe('relay lists', () => {
  it('asks for 600 authors in one REQ per relay and keeps every answer, "none" included', async () => {
    const { hub } = hubs.connect([relay.url, indexer.url])
    await hub.query([{ kinds: [10002], limit: 1 }]) // both sockets are open
    const before = [relay.stats().reqs, indexer.stats().reqs]
    let clock = 0
    const kept = createRelayLists(hub, { now: () => clock })
    const found = await kept.of(authors)
    expect([relay.stats().reqs, indexer.stats().reqs]).toEqual([before[0]! + 1, before[1]! + 1])
    expect(found.size).toBe(600)
    expect(found.get(authors[0]!)?.person.relays).toEqual([
      { url: 'wss://w0.example.com', permission: 'write' },
    ])
    expect(found.get(authors[2]!)?.person.source).toBe('relay-list')
    expect(found.get(authors[1]!)?.person).toBe(NO_PERSON_RELAYS)

    // Kept: asked again neither together nor one by one, until they are stale.
    const reqs = relay.stats().reqs
    const again = await kept.of(authors.slice(0, 10))
    expect(again.get(authors[0]!)).toEqual(found.get(authors[0]!))
    expect(relay.stats().reqs).toBe(reqs)
    clock = 31 * 60_000
    await kept.of(authors.slice(0, 10))
    expect(relay.stats().reqs).toBe(reqs + 1)
  })

  it('shares a request under way, and keeps nothing when no relay answered', async () => {
    const silent = await startRelay({ seed: lists, faults: { dropAll: true } })
    try {
      const { hub, connected } = hubs.connect([silent.url], { eoseTimeoutMs: 300 })
      // Open first: the 300 ms wait is for answers, and a loaded machine took longer to connect
      // (the requests gave up before either was sent).
      await connected()
      const kept = createRelayLists(hub)
      const [first, second] = await Promise.all([
        kept.of(authors.slice(0, 4)),
        kept.of(authors.slice(2, 6)),
      ])
      expect(silent.stats().reqs).toBe(2)
      expect(first.get(authors[2]!)).toBe(second.get(authors[2]!))
      expect(first.get(authors[0]!)?.person).toBe(NO_PERSON_RELAYS)
      // Nothing was known: the next look asks again.
      await kept.of(authors.slice(0, 1))
      expect(silent.stats().reqs).toBe(3)
    } finally {
      await silent.close()
    }
  })
})
