import { describe, expect, it } from 'vitest'
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  LAST_SEEN_KEY,
  lastSeenEntry,
  lastSeenOf,
  MUTE_SETTING_OF,
  MUTE_SETTINGS,
  markSeen,
  mutedTypes,
  muteEntry,
  parseLastSeen,
  readNotificationSettings,
} from '../../../../src/core/notifications/notification-settings.ts'

const ALICE = 'a'.repeat(64)
const BOB = 'b'.repeat(64)

const storage = (entries: Record<string, string>) => (key: string) => entries[key] ?? null

describe('notification settings (spec §3)', () => {
  it('are stored under the spec names: muteLikes … muteZaps and notificationsLastSeen', () => {
    expect(MUTE_SETTINGS).toEqual([
      'muteLikes',
      'muteReplies',
      'muteMentions',
      'muteReposts',
      'muteZaps',
    ])
    expect(LAST_SEEN_KEY).toBe('notificationsLastSeen')
    expect(MUTE_SETTING_OF).toEqual({
      like: 'muteLikes',
      reply: 'muteReplies',
      mention: 'muteMentions',
      repost: 'muteReposts',
      zap: 'muteZaps',
    })
  })

  it('default to nothing muted and nothing seen', () => {
    expect(readNotificationSettings(storage({}))).toEqual(DEFAULT_NOTIFICATION_SETTINGS)
    expect(mutedTypes(DEFAULT_NOTIFICATION_SETTINGS).size).toBe(0)
    expect(lastSeenOf(DEFAULT_NOTIFICATION_SETTINGS, ALICE)).toBeUndefined()
  })

  it('read mutes as true/false (or 1/0), ignoring what does not parse', () => {
    const settings = readNotificationSettings(
      storage({ muteLikes: 'true', muteReplies: '1', muteMentions: 'false', muteZaps: 'maybe' }),
    )
    expect(settings).toMatchObject({
      muteLikes: true,
      muteReplies: true,
      muteMentions: false,
      muteReposts: false,
      muteZaps: false,
    })
    expect([...mutedTypes(settings)]).toEqual(['like', 'reply'])
  })

  it('read the last-seen map as JSON, keeping pubkeys with a time only', () => {
    const raw = JSON.stringify({ [ALICE]: 1_700_000_000, [BOB]: 'yesterday', npub1x: 5 })
    expect(parseLastSeen(raw)).toEqual({ [ALICE]: 1_700_000_000 })
    expect(parseLastSeen('{broken')).toEqual({})
    expect(parseLastSeen('[1,2]')).toEqual({})
    expect(parseLastSeen(null)).toEqual({})
    const settings = readNotificationSettings(storage({ [LAST_SEEN_KEY]: raw }))
    expect(lastSeenOf(settings, ALICE)).toBe(1_700_000_000)
    expect(lastSeenOf(settings, BOB)).toBeUndefined()
  })

  it('mark seen per pubkey, never back in time', () => {
    const once = markSeen(DEFAULT_NOTIFICATION_SETTINGS, ALICE, 1000)
    expect(once.notificationsLastSeen).toEqual({ [ALICE]: 1000 })
    const both = markSeen(once, BOB, 500)
    expect(both.notificationsLastSeen).toEqual({ [ALICE]: 1000, [BOB]: 500 })
    expect(markSeen(both, ALICE, 900)).toBe(both)
    expect(markSeen(both, ALICE, 1000)).toBe(both)
    expect(markSeen(both, ALICE, 1200).notificationsLastSeen[ALICE]).toBe(1200)
  })

  it('write what they read back', () => {
    const seen = { [ALICE]: 1000, [BOB]: 2000 }
    const written = Object.fromEntries([
      muteEntry('muteReposts', true),
      muteEntry('muteZaps', false),
      lastSeenEntry(seen),
    ])
    expect(written).toEqual({
      muteReposts: 'true',
      muteZaps: 'false',
      notificationsLastSeen: JSON.stringify(seen),
    })
    expect(readNotificationSettings(storage(written))).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      muteReposts: true,
      notificationsLastSeen: seen,
    })
  })
})
