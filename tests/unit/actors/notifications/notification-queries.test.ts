// Notifications and the notes they are about, against a real relay: real sockets, the real hub,
// the verify API over a MessageChannel, a real QueryClient.
import { QueryClient } from '@tanstack/react-query'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadedNoteQueryOptions } from '../../../../src/actors/feed/note-loader.ts'
import { noteKey } from '../../../../src/actors/feed/note-queries.ts'
import { createRowLoader } from '../../../../src/actors/feed/row-loader.ts'
import {
  NOTIFICATIONS_GC_MS,
  NOTIFICATIONS_STALE_MS,
  notificationsKey,
  notificationsQueryOptions,
} from '../../../../src/actors/notifications/notification-queries.ts'
import type { RelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import {
  FAILED_TO_LOAD_NOTE,
  FAILED_TO_LOAD_NOTIFICATIONS,
  FAILED_TO_LOAD_PROFILE,
} from '../../../../src/core/relays/relay-messages.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { realHubs } from '../relays/real-hub.ts'

const now = Math.floor(Date.now() / 1000)
const HOUR = 3600
const user = generateSecretKey()
const alice = generateSecretKey()
const bob = generateSecretKey()
const USER = getPublicKey(user)

const sign = (key: Uint8Array, kind: number, ago: number, tags: string[][], content = '') =>
  finalizeEvent({ kind, created_at: now - ago, tags, content }, key)

const mine = sign(user, 1, 30 * HOUR, [], 'my note')
const likes = Array.from({ length: 3 }, (_, i) =>
  sign(
    i % 2 ? alice : bob,
    7,
    HOUR + i,
    [
      ['e', mine.id],
      ['p', USER],
    ],
    '+',
  ),
)
const reply = sign(
  alice,
  1,
  2 * HOUR,
  [
    ['e', mine.id, '', 'root'],
    ['p', USER],
  ],
  'agreed',
)
const mention = sign(bob, 1, 3 * HOUR, [['p', USER]], 'ask the user')
const repost = sign(
  alice,
  6,
  4 * HOUR,
  [
    ['e', mine.id],
    ['p', USER],
  ],
  JSON.stringify(mine),
)
const zap = sign(bob, 9735, 5 * HOUR, [
  ['p', USER],
  ['P', getPublicKey(alice)],
  ['e', mine.id],
])
const old = sign(
  alice,
  7,
  25 * HOUR,
  [
    ['e', mine.id],
    ['p', USER],
  ],
  '+',
)
const own = sign(
  user,
  1,
  HOUR,
  [
    ['e', reply.id],
    ['p', USER],
  ],
  'thanks',
)
const elsewhere = sign(alice, 7, HOUR, [['e', mine.id]], '+')
// Alice's profile, renamed since: the newer one counts.
const profiles = [
  sign(alice, 0, 40 * HOUR, [], JSON.stringify({ name: 'alice-before' })),
  sign(alice, 0, 20 * HOUR, [], JSON.stringify({ name: 'alice' })),
]

const hubs = realHubs()

let relay: RelayHandle

beforeAll(async () => {
  relay = await startRelay({
    seed: [mine, ...likes, reply, mention, repost, zap, old, own, elsewhere, ...profiles],
  })
})
afterAll(async () => {
  hubs.close()
  await relay.close()
})
afterEach(() => {
  void hubs.stopSockets()
})

const hub = (): RelayHub => hubs.connect([relay.url]).hub

const ids = (events: readonly NostrEvent[]) => events.map((event) => event.id)

describe('notifications query', () => {
  it("['notifications', pubkey], stale 30 s, gc 2 min (spec §9): the last 24 hours, newest first", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const options = notificationsQueryOptions(hub(), USER)
    expect(options.queryKey).toEqual(notificationsKey(USER))
    expect(notificationsKey(USER)).toEqual(['notifications', USER])
    expect([options.staleTime, options.gcTime]).toEqual([
      NOTIFICATIONS_STALE_MS,
      NOTIFICATIONS_GC_MS,
    ])
    expect([NOTIFICATIONS_STALE_MS, NOTIFICATIONS_GC_MS]).toEqual([30_000, 120_000])
    const list = await queryClient.fetchQuery(options)
    expect(ids(list.map((n) => n.event))).toEqual(ids([...likes, reply, mention, repost, zap]))
    expect(list.map((n) => n.type)).toEqual([
      'like',
      'like',
      'like',
      'reply',
      'mention',
      'repost',
      'zap',
    ])
    expect(list.at(-1)?.actor).toBe(getPublicKey(alice))
  })

  it('fails to load while no relay answers, rather than saying there are none', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const connection = hubs.connect([relay.url], { eoseTimeoutMs: 800 })
    await connection.connected()
    relay.setFaults({ dropAll: true })
    try {
      await expect(
        queryClient.fetchQuery(notificationsQueryOptions(connection.hub, USER)),
      ).rejects.toThrow(FAILED_TO_LOAD_NOTIFICATIONS)
    } finally {
      relay.setFaults(undefined)
    }
    expect(
      await queryClient.fetchQuery(notificationsQueryOptions(connection.hub, USER)),
    ).toHaveLength(7)
  })
})

describe('row loader', () => {
  it('answers the note and profile asks of one moment with one REQ, null for what no relay has', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const connected = hub()
    const rows = createRowLoader(connected)
    const load = rows.note
    // Let the socket connect first, so only the loader's REQ is counted.
    await queryClient.fetchQuery(notificationsQueryOptions(connected, USER))
    const before = relay.stats().reqs
    const missing = 'f'.repeat(64)
    const [found, again, none, profile, noProfile] = await Promise.all([
      queryClient.fetchQuery(loadedNoteQueryOptions(load, mine.id)),
      load(reply.id),
      queryClient.fetchQuery(loadedNoteQueryOptions(load, missing)),
      rows.metadata(getPublicKey(alice)),
      rows.metadata(missing),
    ])
    expect(found?.content).toBe('my note')
    expect(profile?.name).toBe('alice')
    expect(noProfile).toBeNull()
    expect(again?.content).toBe('agreed')
    expect(none).toBeNull()
    expect(queryClient.getQueryData(noteKey(mine.id))).toEqual(found)
    expect(relay.stats().reqs - before).toBe(1)
  })

  it('fails the asks of a moment no relay answered, so a silent relay never makes a note or a profile absent', async () => {
    const connection = hubs.connect([relay.url], { eoseTimeoutMs: 800 })
    await connection.connected()
    const rows = createRowLoader(connection.hub)
    relay.setFaults({ dropAll: true })
    try {
      const [note, profile] = await Promise.allSettled([
        rows.note(mine.id),
        rows.metadata(getPublicKey(alice)),
      ])
      expect(note).toEqual({ status: 'rejected', reason: new Error(FAILED_TO_LOAD_NOTE) })
      expect(profile).toEqual({ status: 'rejected', reason: new Error(FAILED_TO_LOAD_PROFILE) })
    } finally {
      relay.setFaults(undefined)
    }
    expect((await rows.note(mine.id))?.content).toBe('my note')
    expect(await rows.note('f'.repeat(64))).toBeNull()
  })
})
