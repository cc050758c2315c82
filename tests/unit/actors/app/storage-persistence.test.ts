// The browser's StorageManager is the counterpart here: a stand-in answering as Chromium does
// (persist() granted or not, persisted() following it).
import { describe, expect, it } from 'vitest'
import { createStoragePersistence } from '../../../../src/actors/app/storage-persistence.ts'

function browserStorage(grants: boolean) {
  let persisted = false
  const calls = { persist: 0, persisted: 0 }
  return {
    calls,
    api: {
      persist: async () => {
        calls.persist += 1
        persisted = grants
        return persisted
      },
      persisted: async () => {
        calls.persisted += 1
        return persisted
      },
    },
  }
}

describe('createStoragePersistence', () => {
  it('reads persisted() for Settings without asking persist()', async () => {
    const { api, calls } = browserStorage(true)
    const storage = createStoragePersistence(api)
    expect(storage.getSnapshot()).toBe('unknown')
    await storage.refresh()
    expect(storage.getSnapshot()).toBe('best-effort')
    expect(calls.persist).toBe(0)
  })

  it('asks persist() once per session when secrets are held, and tells subscribers', async () => {
    const { api, calls } = browserStorage(true)
    const storage = createStoragePersistence(api)
    const seen: string[] = []
    storage.subscribe(() => seen.push(storage.getSnapshot()))
    await Promise.all([storage.holdsSecrets(), storage.holdsSecrets()])
    await storage.holdsSecrets()
    expect(calls.persist).toBe(1)
    expect(storage.getSnapshot()).toBe('persistent')
    expect(seen).toEqual(['best-effort', 'persistent'])
  })

  it('asks once even when the browser refuses, and says the storage may be cleared', async () => {
    const { api, calls } = browserStorage(false)
    const storage = createStoragePersistence(api)
    await storage.holdsSecrets()
    await storage.holdsSecrets()
    expect(calls.persist).toBe(1)
    expect(storage.getSnapshot()).toBe('best-effort')
  })

  it('is unsupported without a StorageManager', async () => {
    const storage = createStoragePersistence({})
    await storage.holdsSecrets()
    await storage.refresh()
    expect(storage.getSnapshot()).toBe('unsupported')
  })
})
