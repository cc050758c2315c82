import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  acceptVersion,
  type ContactVersions,
  FOLLOW_LIST_LOGGED_OUT,
  FOLLOW_LIST_NONE,
  joinVersions,
  KEPT_VERSIONS,
  keepVersions,
  keptVersionsOf,
  NO_VERSIONS,
  restoredText,
  restoreOffer,
  restoreQuestion,
  versionPlace,
} from '../../../../src/core/people/contact-versions.ts'
import { absoluteTime } from '../../../../src/core/platform/relative-time.ts'

const key = generateSecretKey()
const USER = getPublicKey(key)
const pk = (n: number) => n.toString(16).padStart(64, '0')
const people = (count: number) => Array.from({ length: count }, (_, i) => ['p', pk(i + 1)])
const listOf = (count: number, at: number, content = ''): NostrEvent =>
  finalizeEvent({ kind: 3, created_at: at, tags: people(count), content }, key)
const A = 'wss://a.example/'
const B = 'wss://b.example/'

const seen = (event: NostrEvent, ...relays: string[]) => ({ event, relays })

describe('versions of the user’s contact list', () => {
  it('keeps each list once, newest first, with the relays it came from joined', () => {
    const old = listOf(240, 100)
    const shrunk = listOf(3, 200)
    const kept = keepVersions(NO_VERSIONS, USER, [seen(old, A), seen(shrunk, B), seen(old, B)])
    expect(kept.versions.map((v) => [v.event.id, v.count, v.relays])).toEqual([
      [shrunk.id, 3, [B]],
      [old.id, 240, [A, B]],
    ])
  })

  it('ignores other kinds and other people’s lists', () => {
    const other = finalizeEvent(
      { kind: 3, created_at: 1, tags: [], content: '' },
      generateSecretKey(),
    )
    const note = finalizeEvent({ kind: 1, created_at: 1, tags: [], content: '' }, key)
    expect(keepVersions(NO_VERSIONS, USER, [seen(other, A), seen(note, A)])).toEqual(NO_VERSIONS)
  })

  it('a relay that answered with its newest no longer holds the older ones: kept on this device', () => {
    const old = listOf(240, 100)
    const shrunk = listOf(3, 200)
    const before = keepVersions(NO_VERSIONS, USER, [seen(old, A)])
    const after = keepVersions(before, USER, [seen(shrunk, A)], [A])
    expect(after.versions.map((v) => v.relays)).toEqual([[A], []])
    expect(versionPlace(after.versions[0]!)).toBe(`on ${A}`)
    expect(versionPlace(after.versions[1]!)).toBe('kept on this device')
  })

  it(`keeps the ${KEPT_VERSIONS} newest`, () => {
    const lists = Array.from({ length: KEPT_VERSIONS + 3 }, (_, i) => listOf(i, 100 + i))
    const kept = keepVersions(
      NO_VERSIONS,
      USER,
      lists.map((event) => seen(event, A)),
    )
    expect(kept.versions).toHaveLength(KEPT_VERSIONS)
    expect(kept.versions.at(-1)?.event.created_at).toBe(103)
  })

  it('offers the newest earlier list the newest is much shorter than', () => {
    const older = listOf(200, 50)
    const good = listOf(240, 100, '{"wss://old.example":{"read":true,"write":true}}')
    const shrunk = listOf(3, 200)
    const kept = keepVersions(NO_VERSIONS, USER, [seen(older), seen(good), seen(shrunk)])
    const offer = restoreOffer(kept, shrunk)
    expect(offer).toEqual({
      earlier: { tags: good.tags, content: good.content, created_at: 100 },
      shrink: { before: 240, after: 3, dropped: 237 },
      newestAt: 200,
    })
    expect(restoreQuestion(offer!)).toBe(
      `Your newest follow list (${absoluteTime(200)}) names 3 people; an earlier one (${absoluteTime(100)}) named 240 people. Another app may have published an old or empty copy. Restore the earlier list before this change?`,
    )
  })

  it('offers nothing for a list that grew, a single unfollow, or no list', () => {
    const a = listOf(10, 100)
    const b = listOf(9, 200)
    const kept = keepVersions(NO_VERSIONS, USER, [seen(a), seen(b)])
    expect(restoreOffer(kept, b)).toBeNull()
    expect(restoreOffer(kept, null)).toBeNull()
    expect(restoreOffer(keepVersions(NO_VERSIONS, USER, [seen(b)]), a)).toBeNull()
  })

  it('a list the user kept or made is not questioned again, until another shrinks it', () => {
    const good = listOf(240, 100)
    const shrunk = listOf(3, 200)
    let kept: ContactVersions = keepVersions(NO_VERSIONS, USER, [seen(good), seen(shrunk)])
    kept = acceptVersion(kept, 200)
    expect(restoreOffer(kept, shrunk)).toBeNull()
    const grown = listOf(4, 300)
    kept = keepVersions(kept, USER, [seen(grown)])
    expect(restoreOffer(kept, grown)).toBeNull()
    // Accepting never moves back in time.
    expect(acceptVersion(kept, 150).accepted).toBe(200)
    const emptied = listOf(0, 400)
    expect(
      restoreOffer(keepVersions(kept, USER, [seen(emptied)]), emptied)?.earlier.created_at,
    ).toBe(300)
  })

  it('says what Settings shows', () => {
    expect(FOLLOW_LIST_LOGGED_OUT).toBe('Log in to see the versions of your follow list.')
    expect(FOLLOW_LIST_NONE).toBe('No follow list found yet.')
    expect(restoredText(240)).toBe('Restored the list of 240 people.')
    expect(restoredText(1)).toBe('Restored the list of 1 person.')
  })
})

describe('the session’s versions joined with the device’s', () => {
  it('each list once, as the fresher holding has it, the newest 10, the later acceptance', () => {
    const lists = Array.from({ length: 12 }, (_, i) => listOf(10 + i, 100 + i))
    const stored: ContactVersions = {
      versions: keepVersions(
        NO_VERSIONS,
        USER,
        lists.slice(0, 8).map((l) => seen(l, A)),
      ).versions,
      accepted: 105,
    }
    const fresh: ContactVersions = {
      versions: keepVersions(
        NO_VERSIONS,
        USER,
        lists.slice(6).map((l) => seen(l, B)),
      ).versions,
      accepted: null,
    }
    const joined = joinVersions(fresh, stored)
    expect(joined.versions.map((v) => v.event.created_at)).toEqual(
      Array.from({ length: KEPT_VERSIONS }, (_, i) => 111 - i),
    )
    // In both: the fresh holding's relays.
    expect(joined.versions.find((v) => v.event.id === lists[7]!.id)?.relays).toEqual([B])
    expect(joined.versions.find((v) => v.event.id === lists[5]!.id)?.relays).toEqual([A])
    expect(joined.accepted).toBe(105)
    expect(joinVersions({ ...fresh, accepted: 110 }, stored).accepted).toBe(110)
  })

  it('reads back only the shape it wrote', () => {
    expect(keptVersionsOf(null)).toEqual(NO_VERSIONS)
    expect(keptVersionsOf('x')).toEqual(NO_VERSIONS)
    expect(keptVersionsOf({ versions: 3 })).toEqual(NO_VERSIONS)
    expect(keptVersionsOf({ versions: [], accepted: 'soon' })).toEqual(NO_VERSIONS)
    const kept = { versions: [], accepted: 7 }
    expect(keptVersionsOf(kept)).toEqual(kept)
  })
})
