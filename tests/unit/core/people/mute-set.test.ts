import type { NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { type FeedEntry, noteEntry, repostEntry } from '../../../../src/core/feed/feed-entry.ts'
import { isMutedEntry } from '../../../../src/core/feed/muted-entry.ts'
import type { Note } from '../../../../src/core/feed/note.ts'
import {
  isMutedNotification,
  type Notification,
} from '../../../../src/core/notifications/notifications.ts'
import { parseMuteList } from '../../../../src/core/people/mute-list.ts'
import {
  isMuted,
  mutedLabel,
  muteReason,
  muteSetOf,
  mutesNothing,
  NO_MUTES,
} from '../../../../src/core/people/mute-set.ts'

const MUTED = 'a'.repeat(64)
const OTHER = 'b'.repeat(64)
const THREAD = 'c'.repeat(64)

const set = muteSetOf(
  parseMuteList({
    kind: 10000,
    tags: [
      ['p', MUTED.toUpperCase()],
      ['e', THREAD],
      ['t', '#Airdrop'],
      ['word', 'Giveaway'],
    ],
  }),
)

let ids = 0
function note(overrides: Partial<Note> = {}): Note {
  ids += 1
  return {
    id: ids.toString(16).padStart(64, '0'),
    pubkey: OTHER,
    content: 'hello',
    created_at: 1_700_000_000,
    tags: [],
    imageUrls: [],
    videoUrls: [],
    receivedAt: 0,
    ...overrides,
  }
}

const repost = (by: string, shown: Note | null): FeedEntry =>
  repostEntry(
    {
      id: 'f'.repeat(64),
      pubkey: by,
      created_at: 1_700_000_001,
      target: { id: shown?.id ?? 'd'.repeat(64), relays: [], author: shown?.pubkey ?? null },
    },
    shown,
  )

describe('muteReason (NIP-51 kind 10000, public part)', () => {
  it('hides a muted person, whatever the case of the key', () => {
    expect(muteReason(set, note({ pubkey: MUTED }))).toBe('person')
    expect(muteReason(set, note({ pubkey: MUTED.toUpperCase() }))).toBe('person')
  })

  it('hides a muted thread: its root and every event that names it with an e tag', () => {
    expect(muteReason(set, note({ id: THREAD }))).toBe('thread')
    expect(muteReason(set, note({ tags: [['e', THREAD, '', 'root']] }))).toBe('thread')
  })

  it('hides a muted hashtag and a muted word, case-insensitively', () => {
    expect(muteReason(set, note({ tags: [['t', 'AIRDROP']] }))).toBe('hashtag')
    expect(muteReason(set, note({ content: 'Big GIVEAWAY today' }))).toBe('word')
  })

  it('hides nothing else, and the person comes first', () => {
    expect(muteReason(set, note({ tags: [['t', 'bitcoin']], content: 'gm' }))).toBeNull()
    expect(muteReason(set, note({ pubkey: MUTED, content: 'giveaway' }))).toBe('person')
    expect(isMuted(set, note())).toBe(false)
  })

  it('mutes nothing without a list (logged out, or none published)', () => {
    expect(muteSetOf(null)).toBe(NO_MUTES)
    expect(mutesNothing(muteSetOf(undefined))).toBe(true)
    expect(mutesNothing(set)).toBe(false)
    expect(isMuted(NO_MUTES, note({ pubkey: MUTED }))).toBe(false)
  })
})

describe('isMutedEntry (feed rows)', () => {
  it('hides a muted note, a repost of it and a repost by a muted person', () => {
    const theirs = note({ pubkey: MUTED })
    const mine = note()
    expect(isMutedEntry(set, noteEntry(theirs))).toBe(true)
    expect(isMutedEntry(set, repost(OTHER, theirs))).toBe(true)
    expect(isMutedEntry(set, repost(MUTED, mine))).toBe(true)
    expect(isMutedEntry(set, repost(OTHER, mine))).toBe(false)
    expect(isMutedEntry(set, noteEntry(mine))).toBe(false)
  })
})

describe('isMutedNotification', () => {
  const event = (overrides: Partial<NostrEvent>): NostrEvent => ({
    id: 'e'.repeat(64),
    pubkey: OTHER,
    kind: 1,
    content: '',
    created_at: 1_700_000_000,
    tags: [],
    sig: '',
    ...overrides,
  })
  const notification = (type: Notification['type'], actor: string, e: NostrEvent) => ({
    type,
    actor,
    created_at: e.created_at,
    event: e,
  })

  it('hides what a muted person did: a like, a reply, a zap by its sender', () => {
    expect(isMutedNotification(set, notification('like', MUTED, event({ pubkey: MUTED })))).toBe(
      true,
    )
    expect(isMutedNotification(set, notification('reply', MUTED, event({ pubkey: MUTED })))).toBe(
      true,
    )
    // A zap receipt is signed by the lightning service, not by who paid.
    expect(isMutedNotification(set, notification('zap', MUTED, event({ kind: 9735 })))).toBe(true)
    expect(isMutedNotification(set, notification('zap', OTHER, event({ kind: 9735 })))).toBe(false)
  })
})

describe('mutedLabel', () => {
  it('says what is folded and why', () => {
    expect(mutedLabel('reply', 'person')).toBe('Reply from a muted person')
    expect(mutedLabel('quote', 'person')).toBe('Quoted note from a muted person')
    expect(mutedLabel('note', 'thread')).toBe('Note in a muted thread')
    expect(mutedLabel('reply', 'hashtag')).toBe('Reply with a muted hashtag')
    expect(mutedLabel('reply', 'word')).toBe('Reply with a muted word')
  })
})
