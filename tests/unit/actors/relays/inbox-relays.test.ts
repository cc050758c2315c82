// Inbox routing for what the user writes, over a real relay and hub: the relay lists of the
// people an event names, read through the shared list cache (outbox-relays.ts).
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createInboxRelays,
  INBOX_LOOKUP_PEOPLE,
  nutzapTargets,
} from '../../../../src/actors/relays/inbox-relays.ts'
import { createOutboxRelays } from '../../../../src/actors/relays/outbox-relays.ts'
import type { RelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import { INBOX_RELAYS_MAX } from '../../../../src/core/relays/inbox.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { realHubs } from './real-hub.ts'

const people = Array.from({ length: INBOX_LOOKUP_PEOPLE + 2 }, () => generateSecretKey())
const inboxOf = (n: number) => `wss://inbox-${n}.example.com`
const POPULAR = 'wss://popular.example.com'
const hubs = realHubs()
let relay: RelayHandle
let hub: RelayHub

beforeAll(async () => {
  relay = await startRelay({
    // The two past the lookup share a relay: it would come first, were they looked up.
    seed: people.map((key, n) =>
      finalizeEvent(
        {
          kind: 10002,
          created_at: 1,
          tags: [['r', n < INBOX_LOOKUP_PEOPLE ? inboxOf(n) : POPULAR, 'read']],
          content: '',
        },
        key,
      ),
    ),
  })
  hub = hubs.connect([relay.url]).hub
})
afterAll(async () => {
  await hubs.stopSockets(true)
  hubs.close()
  await relay.close()
})

describe('createInboxRelays', () => {
  it(`looks up the first ${INBOX_LOOKUP_PEOPLE} people an event names, and sends to at most ${INBOX_RELAYS_MAX} of their relays`, async () => {
    const inbox = createInboxRelays(createOutboxRelays(hub))
    const author = generateSecretKey()
    const event = {
      pubkey: getPublicKey(author),
      tags: people.map((key) => ['p', getPublicKey(key)]),
    }
    const targets = await inbox.targets(
      event,
      [relay.url],
      [{ url: relay.url, permission: 'readwrite' }],
    )
    expect(targets[0]).toEqual({ url: relay.url })
    // Each its own relay: the first people's, one each, up to the cap.
    expect(targets.slice(1)).toEqual(
      people.slice(0, INBOX_RELAYS_MAX).map((key, n) => ({
        url: inboxOf(n),
        reason: { kind: 'inbox', pubkeys: [getPublicKey(key)] },
      })),
    )
    expect(targets.map((target) => target.url)).not.toContain(POPULAR)
  })

  it('gives our relays alone for an event naming no one', async () => {
    const inbox = createInboxRelays(createOutboxRelays(hub))
    const event = { pubkey: getPublicKey(people[0]!), tags: [['p', getPublicKey(people[0]!)]] }
    expect(await inbox.targets(event, [relay.url, relay.url], [])).toEqual([{ url: relay.url }])
  })
})

describe('nutzapTargets', () => {
  it("takes the 10019's relays beyond ours, normalised, spelled as the pool does, capped", () => {
    const pool = [
      { url: 'wss://Ours.example.com/', permission: 'write' as const },
      { url: 'wss://Read.example.com/', permission: 'read' as const },
    ]
    const relays = [
      'wss://ours.example.com',
      'wss://read.example.com',
      'not a relay',
      ...Array.from({ length: 20 }, (_, n) => `wss://r${n}.example.com/`),
    ]
    const targets = nutzapTargets('bob', relays, ['wss://Ours.example.com/'], pool)
    expect(targets).toHaveLength(INBOX_RELAYS_MAX)
    expect(targets[0]).toEqual({
      url: 'wss://Read.example.com/',
      reason: { kind: 'nutzap', pubkey: 'bob' },
    })
    expect(targets[1]?.url).toBe('wss://r0.example.com')
  })
})
