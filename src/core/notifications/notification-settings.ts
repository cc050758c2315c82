/**
 * The notifications screen's preferences (spec §3): a mute per type (muteLikes, muteReplies,
 * muteMentions, muteReposts, muteZaps) and notificationsLastSeen, the time of the last visit per
 * pubkey. Kept in local storage under the spec's names: the mutes as true/false, the last-seen
 * times as a JSON map of pubkey to unix seconds.
 */
import type { NotificationType } from './notifications.ts'

export type MuteSetting = 'muteLikes' | 'muteReplies' | 'muteMentions' | 'muteReposts' | 'muteZaps'

export type LastSeen = Readonly<Record<string, number>>

export interface NotificationSettings extends Readonly<Record<MuteSetting, boolean>> {
  notificationsLastSeen: LastSeen
}

/** The mute that hides each type. */
export const MUTE_SETTING_OF: Readonly<Record<NotificationType, MuteSetting>> = {
  like: 'muteLikes',
  reply: 'muteReplies',
  mention: 'muteMentions',
  repost: 'muteReposts',
  zap: 'muteZaps',
}

export const MUTE_SETTINGS: readonly MuteSetting[] = Object.values(MUTE_SETTING_OF)

/** The local storage key of the last-seen map: its name in the spec, like every mute's. */
export const LAST_SEEN_KEY = 'notificationsLastSeen'

/** Nothing muted, nothing seen yet. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  muteLikes: false,
  muteReplies: false,
  muteMentions: false,
  muteReposts: false,
  muteZaps: false,
  notificationsLastSeen: {},
}

const HEX64 = /^[0-9a-f]{64}$/

function parseBoolean(raw: string | null): boolean | undefined {
  const value = raw?.trim().toLowerCase()
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  return undefined
}

/** The stored map, keeping only pubkeys with a time; anything else reads as no visit. */
export function parseLastSeen(raw: string | null): LastSeen {
  if (raw === null) return {}
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return {}
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
  const seen: Record<string, number> = {}
  for (const [pubkey, time] of Object.entries(value)) {
    if (HEX64.test(pubkey) && typeof time === 'number' && Number.isFinite(time) && time >= 0) {
      seen[pubkey] = time
    }
  }
  return seen
}

/** What local storage holds, with defaults for what is missing or does not parse. */
export function readNotificationSettings(
  read: (key: string) => string | null,
): NotificationSettings {
  const mute = (setting: MuteSetting) =>
    parseBoolean(read(setting)) ?? DEFAULT_NOTIFICATION_SETTINGS[setting]
  return {
    muteLikes: mute('muteLikes'),
    muteReplies: mute('muteReplies'),
    muteMentions: mute('muteMentions'),
    muteReposts: mute('muteReposts'),
    muteZaps: mute('muteZaps'),
    notificationsLastSeen: parseLastSeen(read(LAST_SEEN_KEY)),
  }
}

/** The types the user muted. */
export const mutedTypes = (settings: NotificationSettings): Set<NotificationType> =>
  new Set(
    (Object.entries(MUTE_SETTING_OF) as [NotificationType, MuteSetting][])
      .filter(([, setting]) => settings[setting])
      .map(([type]) => type),
  )

/** The user's last visit (unix seconds), or undefined before the first. */
export const lastSeenOf = (settings: NotificationSettings, pubkey: string): number | undefined =>
  settings.notificationsLastSeen[pubkey]

/**
 * Seen up to `at` (unix seconds). Never earlier than a visit already recorded: a clock set back
 * must not bring old notifications back as unread.
 */
export function markSeen(
  settings: NotificationSettings,
  pubkey: string,
  at: number,
): NotificationSettings {
  const before = settings.notificationsLastSeen[pubkey]
  if (before !== undefined && before >= at) return settings
  return { ...settings, notificationsLastSeen: { ...settings.notificationsLastSeen, [pubkey]: at } }
}

/** The key and text written to local storage for a mute. */
export const muteEntry = (setting: MuteSetting, muted: boolean): [key: string, value: string] => [
  setting,
  String(muted),
]

/** The key and text written to local storage for the last-seen map. */
export const lastSeenEntry = (seen: LastSeen): [key: string, value: string] => [
  LAST_SEEN_KEY,
  JSON.stringify(seen),
]
