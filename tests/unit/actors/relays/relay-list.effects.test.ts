// The relay-list effects against real relays: the real pool and socket machines over ws, the real
// hub with the verify API over a MessageChannel, a real key signer, and Storage objects.
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createActor, toPromise } from 'xstate'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import type { RelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import {
  fetchUserRelays,
  publishTargets,
  SIGNER_MISMATCH,
  userRelayEffects,
} from '../../../../src/actors/relays/relay-list.effects.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import type { RelayEntry } from '../../../../src/core/relays/relay-list.ts'
import { parseStoredRelays } from '../../../../src/core/relays/stored-relays.ts'
import type { RelayPoolActorRef } from '../../../../src/machines/relay-pool.machine.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'
import { linkedPool } from './real-hub.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

const now = Math.floor(Date.now() / 1000)
const sign = (key: Uint8Array, kind: number, tags: string[][], ago: number): NostrEvent =>
  finalizeEvent({ kind, created_at: now - ago, tags, content: '' }, key)

const withList = generateSecretKey()
const withNotes = generateSecretKey()
const withNothing = generateSecretKey()
const emptyList = generateSecretKey()

let home: RelayHandle
let writeOnly: RelayHandle
const pools: RelayPoolActorRef[] = []

beforeAll(async () => {
  home = await startRelay({
    seed: [
      sign(withList, 10002, [['r', 'wss://old.example']], 300),
      sign(
        withList,
        10002,
        [
          ['r', 'wss://new.example'],
          ['r', 'wss://in.example', 'read'],
        ],
        100,
      ),
      sign(withNotes, 1, [['p', getPublicKey(withList), 'wss://hint.example']], 50),
      sign(withNotes, 1, [['r', 'https://a.web.page/']], 40),
      sign(emptyList, 10002, [['r', 'https://not-a-relay.example']], 10),
    ],
  })
  writeOnly = await startRelay({ seed: [] })
})
afterAll(async () => {
  closeVerifyApi()
  await Promise.all([home.close(), writeOnly.close()])
})
afterEach(() => {
  for (const pool of pools.splice(0)) pool.stop()
})

/** A pool of real sockets whose relays the hub sees as they join, as the app links them. */
function world(relays: RelayEntry[]): { pool: RelayPoolActorRef; hub: RelayHub } {
  const linked = linkedPool(createVerifier([verifyApi]), relays)
  pools.push(linked.pool)
  return linked
}

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  }
}

describe('fetchUserRelays', () => {
  it('takes the newest kind 10002 and reads its markers', async () => {
    const { hub } = world([{ url: home.url, permission: 'readwrite' }])
    expect(await fetchUserRelays(hub, getPublicKey(withList))).toEqual({
      relays: [
        { url: 'wss://new.example', permission: 'readwrite' },
        { url: 'wss://in.example', permission: 'read' },
      ],
      createdAt: now - 100,
    })
  })

  it('without a list, relays named in the user’s notes, unmarked: readwrite', async () => {
    const { hub } = world([{ url: home.url, permission: 'readwrite' }])
    expect(await fetchUserRelays(hub, getPublicKey(withNotes))).toEqual({
      relays: [{ url: 'wss://hint.example', permission: 'readwrite' }],
      createdAt: null,
    })
  })

  it('a list without a usable relay counts as none; nothing at all is null', async () => {
    const { hub } = world([{ url: home.url, permission: 'readwrite' }])
    expect(await fetchUserRelays(hub, getPublicKey(emptyList))).toBeNull()
    expect(await fetchUserRelays(hub, getPublicKey(withNothing))).toBeNull()
  })
})

describe('publishTargets', () => {
  it('the list’s write relays and the pool’s indexers, once each', () => {
    expect(
      publishTargets(
        [
          { url: 'wss://rw.example', permission: 'readwrite' },
          { url: 'wss://r.example', permission: 'read' },
          { url: 'wss://w.example', permission: 'write' },
          { url: 'wss://i.example', permission: 'indexer' },
        ],
        [
          { url: 'wss://rw.example', permission: 'readwrite' },
          { url: 'wss://i.example', permission: 'indexer' },
          { url: 'wss://purplepag.es', permission: 'indexer' },
        ],
      ),
    ).toEqual(['wss://rw.example', 'wss://w.example', 'wss://i.example', 'wss://purplepag.es'])
  })

  it('in the pool’s own spelling of a relay', () => {
    expect(
      publishTargets(
        [{ url: 'wss://relay.example.com', permission: 'write' }],
        [{ url: 'wss://Relay.Example.com/', permission: 'readwrite' }],
      ),
    ).toEqual(['wss://Relay.Example.com/'])
  })
})

describe('userRelayEffects', () => {
  const key = generateSecretKey()
  const pubkey = getPublicKey(key)

  it('publishes kind 10002 to the write relays, connecting a write-only relay first', async () => {
    const relays: RelayEntry[] = [
      { url: home.url, permission: 'read' },
      { url: writeOnly.url, permission: 'write' },
    ]
    const { pool, hub } = world(relays)
    const signer = localKeySigner(new Secret(key))
    const effects = userRelayEffects({
      hub,
      signer: () => signer,
      pool: () => pool,
      local: memoryStorage(),
      session: memoryStorage(),
    })
    const actor = createActor(effects.actors.publishRelayList, { input: { pubkey, relays } })
    actor.start()
    await toPromise(actor)
    const published = writeOnly.events().find((e) => e.kind === 10002 && e.pubkey === pubkey)
    expect(published?.tags).toEqual([
      ['r', home.url, 'read'],
      ['r', writeOnly.url, 'write'],
      ['client', 'Plume'],
    ])
    expect(actor.getSnapshot().output).toEqual({ createdAt: published?.created_at })
    // The read-only relay is not asked to keep it.
    expect(home.events().some((e) => e.kind === 10002 && e.pubkey === pubkey)).toBe(false)
  })

  it('refuses a list without write relays before signing anything, indexers or not', async () => {
    const { pool, hub } = world([{ url: writeOnly.url, permission: 'indexer' }])
    let signed = 0
    const signer = localKeySigner(new Secret(key))
    const counting: typeof signer = {
      ...signer,
      signEvent: (template) => {
        signed++
        return signer.signEvent(template)
      },
    }
    const effects = userRelayEffects({ hub, signer: () => counting, pool: () => pool })
    const actor = createActor(effects.actors.publishRelayList, {
      input: { pubkey, relays: [{ url: home.url, permission: 'read' }] },
    })
    actor.start()
    await expect(toPromise(actor)).rejects.toThrow('No relays configured for publishing')
    expect(signed).toBe(0)
  })

  it('refuses to publish another account’s list', async () => {
    const { pool, hub } = world([])
    const stranger = localKeySigner(new Secret(generateSecretKey()))
    const effects = userRelayEffects({ hub, signer: () => stranger, pool: () => pool })
    const actor = createActor(effects.actors.publishRelayList, {
      input: { pubkey, relays: [{ url: home.url, permission: 'readwrite' }] },
    })
    actor.start()
    await expect(toPromise(actor)).rejects.toThrow(SIGNER_MISMATCH)
  })

  it('stores per pubkey, reads back, marks and forgets the session flag; hands lists to the pool', async () => {
    const local = memoryStorage()
    const session = memoryStorage()
    // Idle relays only: write and indexer relays are not connected until needed.
    const { pool, hub } = world([
      { url: writeOnly.url, permission: 'write' },
      { url: 'wss://purplepag.es', permission: 'indexer' },
    ])
    const effects = userRelayEffects({
      hub,
      signer: () => localKeySigner(new Secret(key)),
      pool: () => pool,
      local,
      session,
      now: () => 1_700_000_000_500,
    })
    const relays: RelayEntry[] = [{ url: 'wss://w2.example', permission: 'write' }]
    effects.actions.storeList(undefined, { pubkey, relays, createdAt: null })
    expect(parseStoredRelays(local.getItem(`nostrRelays:${pubkey}`))).toEqual({
      relays,
      createdAt: 1_700_000_000,
      unpublished: true,
    })
    effects.actions.markChecked(undefined, { pubkey })
    expect(session.getItem(`relayDefaultsApplied:${pubkey}`)).toBe('1')
    const read = createActor(effects.actors.readStored, { input: { pubkey } }).start()
    expect(await toPromise(read)).toEqual({
      record: { relays, createdAt: 1_700_000_000, unpublished: true },
      checked: true,
    })
    effects.actions.forgetChecked(undefined, { pubkey })
    expect(session.getItem(`relayDefaultsApplied:${pubkey}`)).toBeNull()

    effects.actions.applyToPool(undefined, {
      relays,
      keep: [{ url: 'wss://purplepag.es', permission: 'indexer' }],
    })
    expect(pool.getSnapshot().context.entries).toEqual([
      { url: 'wss://purplepag.es', permission: 'indexer' },
      { url: 'wss://w2.example', permission: 'write' },
    ])
    effects.actions.sendToPool(undefined, { type: 'pool.remove', url: 'wss://w2.example' })
    expect(pool.getSnapshot().context.entries.map((e) => e.url)).toEqual(['wss://purplepag.es'])
  })

  it('a storage that refuses writes is ignored', () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    const effects = userRelayEffects({
      hub: { query: async () => [], publish: async () => [] },
      signer: () => localKeySigner(new Secret(key)),
      pool: () => undefined,
      local: full,
      session: memoryStorage(),
    })
    expect(() =>
      effects.actions.storeList(undefined, { pubkey, relays: [], createdAt: 1 }),
    ).not.toThrow()
  })
})
