// The store over a real Storage implementation (a Map behind the Web Storage interface) and a
// real EventTarget for another tab's storage events.
import { describe, expect, it } from 'vitest'
import { createNotificationSettingsStore } from '../../../../src/actors/notifications/notification-settings-store.ts'

const ALICE = 'a'.repeat(64)

class MemoryStorage {
  readonly items = new Map<string, string>()
  refuse = false
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    if (this.refuse) throw new DOMException('quota', 'QuotaExceededError')
    this.items.set(key, value)
  }
}

const storageEvent = (key: string | null) => Object.assign(new Event('storage'), { key })

describe('notification settings store', () => {
  it('starts from storage, writes each change under its key and tells subscribers', () => {
    const storage = new MemoryStorage()
    storage.items.set('muteZaps', 'true')
    const store = createNotificationSettingsStore(storage, new EventTarget())
    expect(store.get().muteZaps).toBe(true)
    let calls = 0
    const off = store.subscribe(() => calls++)
    store.setMute('muteLikes', true)
    expect(storage.items.get('muteLikes')).toBe('true')
    expect(store.get().muteLikes).toBe(true)
    store.setMute('muteLikes', true) // no change, no call
    store.markSeen(ALICE, 1000)
    expect(JSON.parse(storage.items.get('notificationsLastSeen')!)).toEqual({ [ALICE]: 1000 })
    store.markSeen(ALICE, 900) // earlier: kept at 1000, no call
    expect(store.get().notificationsLastSeen[ALICE]).toBe(1000)
    expect(calls).toBe(2)
    off()
    store.setMute('muteLikes', false)
    expect(calls).toBe(2)
    // A new store (a reload) reads it all back.
    expect(createNotificationSettingsStore(storage, new EventTarget()).get()).toEqual(store.get())
  })

  it('keeps changes for the session when storage refuses them', () => {
    const storage = new MemoryStorage()
    storage.refuse = true
    const store = createNotificationSettingsStore(storage, new EventTarget())
    store.setMute('muteReplies', true)
    store.markSeen(ALICE, 5)
    expect(store.get()).toMatchObject({ muteReplies: true, notificationsLastSeen: { [ALICE]: 5 } })
    expect(storage.items.size).toBe(0)
  })

  it("follows another tab's changes to its keys", () => {
    const storage = new MemoryStorage()
    const window = new EventTarget()
    const store = createNotificationSettingsStore(storage, window)
    let calls = 0
    store.subscribe(() => calls++)
    storage.items.set('muteMentions', 'true')
    window.dispatchEvent(storageEvent('unrelated'))
    expect(store.get().muteMentions).toBe(false)
    window.dispatchEvent(storageEvent('muteMentions'))
    expect(store.get().muteMentions).toBe(true)
    expect(calls).toBe(1)
  })
})
