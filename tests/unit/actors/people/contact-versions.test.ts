import { QueryClient } from '@tanstack/react-query'
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  type ContactVersionsDeps,
  contactVersionsStore,
} from '../../../../src/actors/people/contact-versions.ts'
import { type KeyValueStore, memoryStore } from '../../../../src/actors/platform/idb-store.ts'
import { FOLLOW_LIST_FAILED } from '../../../../src/core/people/contact-versions.ts'

const key = generateSecretKey()
const USER = getPublicKey(key)
const friend = (n: number) => n.toString(16).padStart(64, '0')

/** The user's kind 3 of this time, following `count` people. */
const listOf = (createdAt: number, count: number) =>
  finalizeEvent(
    {
      kind: 3,
      created_at: createdAt,
      tags: Array.from({ length: count }, (_, i) => ['p', friend(i + 1)]),
      content: '',
    },
    key,
  )

const hub: ContactVersionsDeps['hub'] = {
  seenOn: () => ['wss://relay.example'],
  subscribe: () => {
    throw new Error('these tests ask no relay')
  },
}

const counts = (versions: { versions: { count: number }[] }) =>
  versions.versions.map((version) => version.count)

describe('contact versions kept on this device', () => {
  it('outlive the query cache: a new session (Clear Cache, 24 h away) reads them back', async () => {
    const kept = memoryStore()
    const before = contactVersionsStore({ queryClient: new QueryClient(), hub, kept })
    before.record(USER, [listOf(100, 40)])
    before.record(USER, [listOf(200, 1)])
    before.accept(USER, 100)
    expect(counts(await before.load(USER))).toEqual([1, 40])

    const after = contactVersionsStore({ queryClient: new QueryClient(), hub, kept })
    expect(counts(after.get(USER))).toEqual([])
    const loaded = await after.load(USER)
    expect(counts(loaded)).toEqual([1, 40])
    expect(loaded.accepted).toBe(100)
    expect(counts(after.get(USER))).toEqual([1, 40])
  })

  it('a list seen before the store was read joins what it holds, and loses none of it', async () => {
    const kept = memoryStore()
    const first = contactVersionsStore({ queryClient: new QueryClient(), hub, kept })
    first.record(USER, [listOf(100, 40)])
    await first.load(USER)

    const next = contactVersionsStore({ queryClient: new QueryClient(), hub, kept })
    next.record(USER, [listOf(300, 2)])
    expect(counts(await next.load(USER))).toEqual([2, 40])
    expect(
      counts(await contactVersionsStore({ queryClient: new QueryClient(), hub, kept }).load(USER)),
    ).toEqual([2, 40])
  })

  it('a list seen while the store is being read is kept: the join reads the session after it', async () => {
    // IndexedDB answers later than a relay: a read of the user's list lands during the join.
    const kept = memoryStore()
    const slow: KeyValueStore = {
      ...kept,
      get: (key) => new Promise((resolve) => setTimeout(() => resolve(kept.get(key)), 20)),
    }
    const store = contactVersionsStore({ queryClient: new QueryClient(), hub, kept: slow })
    const loading = store.load(USER)
    await new Promise((resolve) => setTimeout(resolve, 5))
    store.record(USER, [listOf(100, 40)])
    store.record(USER, [listOf(200, 1)])
    await loading
    expect(counts(await store.load(USER))).toEqual([1, 40])
    expect(counts(store.get(USER))).toEqual([1, 40])
    expect(counts((await kept.get(USER)) as { versions: { count: number }[] })).toEqual([1, 40])
  })

  it('no relay answering: the fetch fails with the failure, keeping what the session holds', async () => {
    const silent: ContactVersionsDeps['hub'] = {
      seenOn: () => [],
      subscribe: (_filters, handlers) => {
        setTimeout(() => handlers.onEose?.(false, new Set()), 0)
        return { close: () => {} }
      },
    }
    const store = contactVersionsStore({ queryClient: new QueryClient(), hub: silent })
    await expect(store.fetch(USER)).rejects.toThrow(FOLLOW_LIST_FAILED)
    store.record(USER, [listOf(100, 40)], { relays: ['wss://relay.example'] })
    await expect(store.fetch(USER)).rejects.toThrow(FOLLOW_LIST_FAILED)
    expect(counts(store.get(USER))).toEqual([40])
  })

  it('storage that refuses leaves the session’s versions', async () => {
    const refusing: KeyValueStore = {
      get: () => Promise.reject(new Error('QuotaExceededError')),
      set: () => Promise.reject(new Error('QuotaExceededError')),
      remove: () => Promise.reject(new Error('QuotaExceededError')),
    }
    const store = contactVersionsStore({ queryClient: new QueryClient(), hub, kept: refusing })
    store.record(USER, [listOf(100, 40)])
    expect(counts(await store.load(USER))).toEqual([40])
    store.record(USER, [listOf(200, 3)])
    expect(counts(await store.load(USER))).toEqual([3, 40])
  })

  it('what the store gave back in another shape counts as none', async () => {
    const kept = memoryStore()
    await kept.set(USER, { versions: 'garbage' })
    const store = contactVersionsStore({ queryClient: new QueryClient(), hub, kept })
    expect(counts(await store.load(USER))).toEqual([])
  })
})
