// The display-name cache against a real relay and hub: fetched once, then served from the cache
// (and from storage in a new session); a pubkey without a kind 0 fails and is retried only after
// 30 s, at most 3 failed attempts.
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDisplayNames,
  DISPLAY_NAMES_STORAGE_KEY,
  storedDisplayNames,
} from '../../../../src/actors/people/display-names.ts'
import type { RelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import {
  DISPLAY_NAME_TTL_MS,
  RETRY_AFTER_MS,
} from '../../../../src/core/people/display-name-cache.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { realHubs } from '../relays/real-hub.ts'

const ann = generateSecretKey()
const ANN = getPublicKey(ann)
const NOBODY = getPublicKey(generateSecretKey())
const seconds = Math.floor(Date.now() / 1000)
const profile = (name: string, ago: number) =>
  finalizeEvent(
    {
      kind: 0,
      created_at: seconds - ago,
      tags: [],
      content: JSON.stringify({ display_name: name, name: 'ann' }),
    },
    ann,
  )

const hubs = realHubs()
let relay: RelayHandle
let hub: RelayHub

beforeAll(async () => {
  relay = await startRelay({ seed: [profile('Ann Old', 100), profile('Ann', 10)] })
  hub = hubs.connect([relay.url]).hub
})
afterAll(async () => {
  await hubs.stopSockets(true)
  hubs.close()
  await relay.close()
})

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

/** Counts the kind 0 REQs the hub sends. */
function counting(target: RelayHub) {
  let reqs = 0
  return {
    hub: {
      subscribe: ((...args: Parameters<RelayHub['subscribe']>) => {
        reqs++
        return target.subscribe(...args)
      }) as RelayHub['subscribe'],
    },
    reqs: () => reqs,
  }
}

describe('display names', () => {
  it('fetches the newest kind 0 once, then serves it from the cache and from storage', async () => {
    let now = Date.now()
    const storage = memoryStorage()
    const counted = counting(hub)
    const names = createDisplayNames({ hub: counted.hub, storage, now: () => now })
    expect(names.get(ANN)).toBeNull()
    const [first, again] = await Promise.all([names.load(ANN), names.load(ANN)])
    expect(first).toMatchObject({ pubkey: ANN, displayName: 'Ann', name: 'ann' })
    expect(again).toBe(first)
    expect(await names.load(ANN)).toEqual(first)
    expect(counted.reqs()).toBe(1)
    expect(JSON.parse(storage.items.get(DISPLAY_NAMES_STORAGE_KEY) ?? '[]')).toEqual([first])

    // What the device keeps, as a composer's mention list reads it: fresh entries only.
    expect(storedDisplayNames(storage, now)).toEqual([first])
    expect(storedDisplayNames(storage, now + DISPLAY_NAME_TTL_MS)).toEqual([])
    expect(storedDisplayNames({ getItem: () => '{damaged' }, now)).toEqual([])

    // A new session reads storage; after 7 days the entry is fetched again.
    const later = counting(hub)
    const next = createDisplayNames({ hub: later.hub, storage, now: () => now })
    expect(next.get(ANN)).toEqual(first)
    expect(await next.load(ANN)).toEqual(first)
    expect(later.reqs()).toBe(0)
    now += DISPLAY_NAME_TTL_MS
    expect(next.get(ANN)).toBeNull()
    expect((await next.load(ANN))?.displayName).toBe('Ann')
    expect(later.reqs()).toBe(1)
  })

  it('retries a pubkey without a kind 0 after 30 s, 3 failed attempts at most', async () => {
    let now = Date.now()
    const counted = counting(hub)
    const names = createDisplayNames({ hub: counted.hub, storage: null, now: () => now })
    expect(await names.load(NOBODY)).toBeNull()
    expect(await names.load(NOBODY)).toBeNull()
    expect(counted.reqs()).toBe(1)
    for (let attempt = 2; attempt <= 4; attempt++) {
      now += RETRY_AFTER_MS + 1
      await names.load(NOBODY)
    }
    expect(counted.reqs()).toBe(3)
  })
})
