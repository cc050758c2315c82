// IndexedDB for Node: the ecash wallet's database is read as the browser would.
import 'fake-indexeddb/auto'
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCashuStore, emptyRecord } from '../../../../src/actors/ecash/cashu-store.ts'
import {
  clearEverythingRefusal,
  clearQueryGroups,
} from '../../../../src/actors/system/clear-data.ts'
import { addProofs, reserve } from '../../../../src/core/ecash/cashu-proof-book.ts'

const client = new QueryClient()
afterEach(() => {
  client.clear()
  vi.restoreAllMocks()
})

describe('clearQueryGroups (spec §4: clearing metadata, contacts or thread queries)', () => {
  it('forgets the groups asked for, fetches again what a screen shows, keeps the rest', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {})
    client.setQueryData(['metadata', 'a'], { name: 'old' })
    client.setQueryData(['profile', 'metadata', 'b'], { name: 'old' })
    client.setQueryData(['thread', 'r'], ['old'])
    client.setQueryData(['profile', 'contacts', 'a'], ['c'])
    client.setQueryData(['feed'], { pages: [] })
    let fetched = 0
    const shown = new QueryObserver(client, {
      queryKey: ['metadata', 'shown'],
      queryFn: () => ({ name: `fetched ${++fetched}` }),
      staleTime: Number.POSITIVE_INFINITY,
    })
    const unsubscribe = shown.subscribe(() => {})
    await vi.waitFor(() => expect(fetched).toBe(1))

    await clearQueryGroups(client, ['metadata', 'thread'])
    const keys = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey)
    expect(keys).toEqual([['profile', 'contacts', 'a'], ['feed'], ['metadata', 'shown']])
    expect(fetched).toBe(2)
    expect(client.getQueryData(['metadata', 'shown'])).toEqual({ name: 'fetched 2' })
    expect(console.info).toHaveBeenCalledWith('Cleared cached metadata, thread')

    await clearQueryGroups(client, ['contacts'])
    expect(client.getQueryData(['profile', 'contacts', 'a'])).toBeUndefined()
    unsubscribe()
  })
})

describe('clearEverythingRefusal (README decision: ecash not backed up to relays is not deleted)', () => {
  const MINT = 'http://127.0.0.1:3338'
  const proof = (secret: string, amount: number) => ({ id: '00aa', amount, secret, C: '02' })

  it('has nothing to say without a wallet, or with every proof in a NIP-60 token event', async () => {
    expect(await clearEverythingRefusal()).toBeNull()
    const store = createCashuStore()
    await store.update('alice', (record) => {
      const book = addProofs(record.book, MINT, [proof('a', 8)], 1)
      return {
        ...record,
        book: { ...book, entries: book.entries.map((e) => ({ ...e, tokenId: 'ev' })) },
      }
    })
    expect(await clearEverythingRefusal()).toBeNull()
  })

  it('refuses, saying how much would be lost, while proofs exist only here', async () => {
    const store = createCashuStore()
    await store.update('bob', (record) => ({
      ...record,
      book: addProofs(record.book, MINT, [proof('b', 32), proof('c', 8)], 1),
    }))
    expect(await clearEverythingRefusal()).toBe(
      'Your ecash wallet holds 40 sats that are not backed up to relays: clearing would lose them. Send or pay them out first.',
    )
  })

  it('refuses while an operation is still settling, even with nothing left unspent', async () => {
    const store = createCashuStore()
    await store.update('bob', (record) => ({
      ...record,
      book: reserve(
        { entries: record.book.entries.map((e) => ({ ...e, tokenId: 'ev' })), journal: [] },
        { opId: 'op', kind: 'send', mint: MINT, secrets: ['b'] },
        2,
      ),
    }))
    expect(await clearEverythingRefusal()).toBe(
      'Your ecash wallet has an operation still settling: open the wallet and let it finish first.',
    )
  })

  it('refuses while the only copy of the recovery phrase is not confirmed as written down', async () => {
    const store = createCashuStore()
    await store.update('bob', () => emptyRecord())
    const seed = { version: 1 as const, pubkey: 'carol', ciphertext: 'nip44' }
    await store.saveSeed({ ...seed, unconfirmed: true })
    expect(await clearEverythingRefusal()).toBe(
      'Your wallet recovery phrase is only on this device and not confirmed as written down: open the wallet and write it down first.',
    )
    // Written down: the phrase restores the wallet, so deleting this copy loses nothing.
    await store.saveSeed(seed)
    expect(await clearEverythingRefusal()).toBeNull()
  })
})
