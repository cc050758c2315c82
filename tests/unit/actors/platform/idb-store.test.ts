// IndexedDB for Node before localforage loads: localforage looks for it when imported.
import 'fake-indexeddb/auto'
import localforage from 'localforage'
import { describe, expect, it } from 'vitest'
import { idbStore } from '../../../../src/actors/platform/idb-store.ts'

describe('idbStore', () => {
  it('sets, gets and removes structured values; null for what is not there', async () => {
    const store = idbStore('idb-store-test', 'kv')
    expect(await store.get('missing')).toBeNull()
    const value = { pages: [[1, 2]], at: 5, nested: { list: ['a'] } }
    await store.set('k', value)
    expect(await store.get('k')).toEqual(value)
    await store.set('k', 'replaced')
    expect(await store.get('k')).toBe('replaced')
    await store.remove('k')
    expect(await store.get('k')).toBeNull()
  })

  it('reads what localforage wrote to the same database and store, and the other way round', async () => {
    const forage = localforage.createInstance({
      name: 'idb-store-shared',
      storeName: 'keyval',
      driver: localforage.INDEXEDDB,
    })
    await forage.setItem('old', { buster: 'b', timestamp: 1 })
    const store = idbStore('idb-store-shared', 'keyval')
    expect(await store.get('old')).toEqual({ buster: 'b', timestamp: 1 })
    await store.set('new', [1, 2, 3])
    expect(await forage.getItem('new')).toEqual([1, 2, 3])
  })

  it('lets go of its database when another asks to delete it, and opens it again after', async () => {
    const store = idbStore('idb-store-deleted', 'kv')
    await store.set('k', 1)
    const deleted = await new Promise<string>((resolve) => {
      const request = indexedDB.deleteDatabase('idb-store-deleted')
      request.onsuccess = () => resolve('deleted')
      request.onblocked = () => resolve('blocked')
    })
    expect(deleted).toBe('deleted')
    expect(await store.get('k')).toBeNull()
    await store.set('k', 2)
    expect(await store.get('k')).toBe(2)
  })
})
