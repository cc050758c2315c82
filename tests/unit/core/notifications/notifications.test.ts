import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { deletedOnly, NOTHING_HIDDEN } from '../../../../src/core/feed/hidden-notes.ts'
import {
  glowTier,
  isHiddenNotification,
  NOTIFICATIONS_LIMIT,
  NOTIFICATIONS_WINDOW_S,
  notificationFilters,
  notificationsFrom,
  subjectNoteId,
  toNotification,
  unreadCount,
  withoutMuted,
  writtenNotes,
} from '../../../../src/core/notifications/notifications.ts'

const user = generateSecretKey()
const alice = generateSecretKey()
const service = generateSecretKey()
const USER = getPublicKey(user)
const ALICE = getPublicKey(alice)
const NOW = 1_700_000_000
const NOTE = 'b'.repeat(64)
const ROOT = 'c'.repeat(64)

const sign = (key: Uint8Array, kind: number, ago: number, tags: string[][], content = '') =>
  finalizeEvent({ kind, created_at: NOW - ago, tags, content }, key)

const like = (ago = 10, key = alice) =>
  sign(
    key,
    7,
    ago,
    [
      ['e', ROOT],
      ['e', NOTE],
      ['p', USER],
    ],
    '+',
  )
const reply = (ago = 20) =>
  sign(
    alice,
    1,
    ago,
    [
      ['e', NOTE, '', 'root'],
      ['p', USER],
    ],
    'nice',
  )
const mention = (ago = 30) => sign(alice, 1, ago, [['p', USER]], `hi nostr:npub`)
const repost = (ago = 40) =>
  sign(
    alice,
    6,
    ago,
    [
      ['e', NOTE],
      ['p', USER],
    ],
    '',
  )
const zapRequest = finalizeEvent(
  {
    kind: 9734,
    created_at: NOW - 51,
    tags: [
      ['p', USER],
      ['e', NOTE],
    ],
    content: '',
  },
  alice,
)
const zap = (ago = 50) =>
  sign(service, 9735, ago, [
    ['p', USER],
    ['P', ALICE],
    ['e', NOTE],
    ['bolt11', 'lnbc21u1qqqq'],
    ['description', JSON.stringify(zapRequest)],
  ])

describe('notification filters (spec §7, §9)', () => {
  it('kinds 7 and 1 (the spec two), then reposts and zaps: each #p the user, limit 100, since 24 h ago', () => {
    expect(NOTIFICATIONS_LIMIT).toBe(100)
    expect(NOTIFICATIONS_WINDOW_S).toBe(86_400)
    expect(notificationFilters(USER, NOW)).toEqual(
      [7, 1, 6, 9735].map((kind) => ({
        kinds: [kind],
        '#p': [USER],
        limit: 100,
        since: NOW - 86_400,
      })),
    )
  })
})

describe('notification mapping (spec §7)', () => {
  it('kind 7 like; kind 1 with an e tag reply, without one mention; kind 6 repost; kind 9735 zap', () => {
    expect(toNotification(like(), USER)?.type).toBe('like')
    expect(toNotification(reply(), USER)?.type).toBe('reply')
    expect(toNotification(mention(), USER)?.type).toBe('mention')
    expect(toNotification(repost(), USER)?.type).toBe('repost')
    expect(toNotification(zap(), USER)?.type).toBe('zap')
    // Any e tag makes a reply, a "mention" marker included: the spec's rule is the tag itself.
    const marked = sign(alice, 1, 5, [
      ['e', NOTE, '', 'mention'],
      ['p', USER],
    ])
    expect(toNotification(marked, USER)?.type).toBe('reply')
  })

  it('keeps type, actor, created_at and the event (spec §3)', () => {
    const event = like(15)
    expect(toNotification(event, USER)).toEqual({
      type: 'like',
      actor: ALICE,
      created_at: NOW - 15,
      event,
    })
  })

  it("a zap's actor is the sender from the zap request, not the lightning service", () => {
    expect(toNotification(zap(), USER)?.actor).toBe(ALICE)
  })

  it('ignores other kinds, events that do not name the user, and what the user did', () => {
    expect(toNotification(sign(alice, 3, 1, [['p', USER]]), USER)).toBeNull()
    expect(toNotification(sign(alice, 7, 1, [['e', NOTE]], '+'), USER)).toBeNull()
    expect(toNotification(like(10, user), USER)).toBeNull()
    // A zap the user sent to themselves.
    const selfRequest = finalizeEvent(
      { kind: 9734, created_at: NOW, tags: [['p', USER]], content: '' },
      user,
    )
    const selfZap = sign(service, 9735, 1, [
      ['p', USER],
      ['description', JSON.stringify(selfRequest)],
    ])
    expect(toNotification(selfZap, USER)).toBeNull()
  })
})

describe('notificationsFrom', () => {
  it('deduplicates by event id and sorts newest first, ties in id order', () => {
    const events = [zap(), like(), reply(), mention(), repost()]
    const twin = sign(
      alice,
      7,
      10,
      [
        ['e', NOTE],
        ['p', USER],
      ],
      '🔥',
    )
    const list = notificationsFrom([...events, events[1]!, events[0]!, twin], USER)
    expect(list).toHaveLength(6)
    expect(new Set(list.map((n) => n.event.id)).size).toBe(6)
    expect(list.map((n) => n.created_at)).toEqual([
      NOW - 10,
      NOW - 10,
      NOW - 20,
      NOW - 30,
      NOW - 40,
      NOW - 50,
    ])
    const [first, second] = list
    expect(first!.event.id < second!.event.id).toBe(true)
    expect(list.map((n) => n.type).slice(2)).toEqual(['reply', 'mention', 'repost', 'zap'])
  })

  it('drops what is not a notification', () => {
    const own = sign(user, 1, 1, [['p', USER]])
    expect(notificationsFrom([own, sign(alice, 0, 1, [['p', USER]])], USER)).toEqual([])
  })
})

describe('mutes and unread (spec §7)', () => {
  const list = notificationsFrom([like(10), reply(20), mention(30), repost(40), zap(50)], USER)

  it('each mute hides its type only', () => {
    expect(withoutMuted(list, new Set()).map((n) => n.type)).toEqual([
      'like',
      'reply',
      'mention',
      'repost',
      'zap',
    ])
    for (const type of ['like', 'reply', 'mention', 'repost', 'zap'] as const) {
      const shown = withoutMuted(list, new Set([type]))
      expect(shown).toHaveLength(4)
      expect(shown.some((n) => n.type === type)).toBe(false)
    }
    expect(withoutMuted(list, new Set(['like', 'zap'])).map((n) => n.type)).toEqual([
      'reply',
      'mention',
      'repost',
    ])
  })

  it('unread: newer than the last visit; everything before a first visit', () => {
    expect(unreadCount(list, undefined)).toBe(5)
    expect(unreadCount(list, NOW - 35)).toBe(3)
    // Exactly at the last visit counts as seen.
    expect(unreadCount(list, NOW - 30)).toBe(2)
    expect(unreadCount(list, NOW)).toBe(0)
  })
})

describe('glow tiers of the header square (spec §2: 0, up to 2, up to 5, up to 10, above 10)', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [3, 2],
    [5, 2],
    [6, 3],
    [10, 3],
    [11, 4],
    [400, 4],
  ])('%i unread glows at tier %i', (unread, tier) => {
    expect(glowTier(unread)).toBe(tier)
  })
})

describe('subjectNoteId', () => {
  const subject = (event: NostrEvent) => subjectNoteId(toNotification(event, USER)!)

  it('the liked note is the last e tag (NIP-25); the zapped and reposted note their e tag', () => {
    expect(subject(like())).toBe(NOTE)
    expect(subject(zap())).toBe(NOTE)
    expect(subject(repost())).toBe(NOTE)
  })

  it('a reply or mention is about itself', () => {
    const event = reply()
    expect(subject(event)).toBe(event.id)
    const named = mention()
    expect(subject(named)).toBe(named.id)
  })

  it('null when no note is named: a profile zap, a reaction without e tag', () => {
    const profileZap = sign(service, 9735, 1, [
      ['p', USER],
      ['P', ALICE],
    ])
    expect(subject(profileZap)).toBeNull()
  })
})

describe('deleted notes in notifications (NIP-09)', () => {
  const of = (event: NostrEvent) => toNotification(event, USER)!

  it('a reply or mention its author deleted is left out', () => {
    const event = reply()
    expect(isHiddenNotification(deletedOnly(new Set([event.id])), of(event))).toBe(true)
    expect(isHiddenNotification(NOTHING_HIDDEN, of(event))).toBe(false)
  })

  it('so is a like, repost or zap of a note deleted (the user’s own)', () => {
    const deleted = deletedOnly(new Set([NOTE]))
    for (const event of [like(), repost(), zap()]) {
      expect(isHiddenNotification(deleted, of(event))).toBe(true)
    }
    expect(isHiddenNotification(deleted, of(mention()))).toBe(false)
  })

  it('the notes worth asking about are the replies and mentions, by their people', () => {
    const [r, m] = [reply(), mention()]
    expect(writtenNotes([of(like()), of(r), of(m), of(repost())])).toEqual([
      { id: r.id, pubkey: ALICE },
      { id: m.id, pubkey: ALICE },
    ])
  })
})
