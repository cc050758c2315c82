/**
 * The notifications screen's preferences (mutes and last-seen times) in local storage, as a small
 * store the header square and the page both read, so a visit or a mute shows in both at once.
 * Another tab's changes come in through the storage event. Storage that refuses (private modes,
 * quota) leaves the settings for this session only.
 */
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  LAST_SEEN_KEY,
  lastSeenEntry,
  MUTE_SETTINGS,
  type MuteSetting,
  markSeen,
  muteEntry,
  type NotificationSettings,
  readNotificationSettings,
} from '../../core/notifications/notification-settings.ts'

export interface NotificationSettingsStore {
  get(): NotificationSettings
  /** Called after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  setMute(setting: MuteSetting, muted: boolean): void
  /** The user saw their notifications up to `at` (unix seconds). */
  markSeen(pubkey: string, at: number): void
}

type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>

const OUR_KEYS: ReadonlySet<string> = new Set([...MUTE_SETTINGS, LAST_SEEN_KEY])

function defaultStorage(): SettingsStorage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

export function createNotificationSettingsStore(
  storage: SettingsStorage | null = defaultStorage(),
  events: Pick<EventTarget, 'addEventListener'> | null = globalThis.window ?? null,
): NotificationSettingsStore {
  const read = (key: string) => {
    try {
      return storage?.getItem(key) ?? null
    } catch {
      return null
    }
  }
  const write = ([key, value]: [string, string]) => {
    try {
      storage?.setItem(key, value)
    } catch {
      // Kept for this session.
    }
  }
  let settings = storage ? readNotificationSettings(read) : DEFAULT_NOTIFICATION_SETTINGS
  const listeners = new Set<() => void>()
  const change = (next: NotificationSettings) => {
    if (next === settings) return
    settings = next
    for (const listener of listeners) listener()
  }

  events?.addEventListener('storage', (event) => {
    const { key } = event as StorageEvent
    // null: the other tab cleared storage.
    if (key === null || OUR_KEYS.has(key)) change(readNotificationSettings(read))
  })

  return {
    get: () => settings,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setMute(setting, muted) {
      if (settings[setting] === muted) return
      write(muteEntry(setting, muted))
      change({ ...settings, [setting]: muted })
    },
    markSeen(pubkey, at) {
      const next = markSeen(settings, pubkey, at)
      if (next === settings) return
      write(lastSeenEntry(next.notificationsLastSeen))
      change(next)
    },
  }
}
