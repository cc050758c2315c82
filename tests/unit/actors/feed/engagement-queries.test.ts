import { QueryClient } from '@tanstack/react-query'
import type { Filter } from 'nostr-tools/filter'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it, vi } from 'vitest'
import { createEngagementLoader } from '../../../../src/actors/feed/engagement-loader.ts'
import {
  createEngagementQueries,
  engagementKey,
  UNUSED_ENGAGEMENT,
} from '../../../../src/actors/feed/engagement-queries.ts'

const viewer = generateSecretKey()
const VIEWER = getPublicKey(viewer)
const authorKey = generateSecretKey()
const note = (content: string, key = generateSecretKey()) =>
  finalizeEvent({ kind: 1, created_at: 1, tags: [], content }, key)
const [first, second] = [note('one'), note('two', authorKey)]
const liked = finalizeEvent(
  { kind: 7, created_at: 2, tags: [['e', second.id]], content: '+' },
  viewer,
)

/** A hub that answers every query with these events and keeps the filters it was asked. */
function fakeHub(events: NostrEvent[]) {
  const asked: Filter[][] = []
  return {
    asked,
    hub: {
      query: async (filters: Filter[]) => {
        asked.push(filters)
        return events
      },
    },
  }
}

describe('engagement loader', () => {
  it("asks for the moment's notes in one REQ, the viewer's own likes and reposts apart", async () => {
    const { asked, hub } = fakeHub([liked])
    const load = createEngagementLoader(hub, () => VIEWER)
    const answers = await Promise.all([load(first), load(second)])
    expect(answers).toEqual([
      { likers: [], reposters: [], reports: [] },
      { likers: [VIEWER], reposters: [], reports: [] },
    ])
    expect(asked).toEqual([
      [
        { kinds: [7], '#e': [first.id, second.id], limit: 200 },
        { kinds: [6, 16], '#e': [first.id, second.id], limit: 200 },
        {
          kinds: [5],
          authors: [first.pubkey, second.pubkey],
          '#e': [first.id, second.id],
          limit: 2,
        },
        { kinds: [7, 6, 16], authors: [VIEWER], '#e': [first.id, second.id] },
      ],
    ])
  })

  it('asks for the reports of the people the viewer follows, and counts only theirs', async () => {
    const friend = generateSecretKey()
    const FRIEND = getPublicKey(friend)
    const report = (key: Uint8Array) =>
      finalizeEvent(
        { kind: 1984, created_at: 2, tags: [['e', first.id, 'spam']], content: '' },
        key,
      )
    const { asked, hub } = fakeHub([report(friend), report(generateSecretKey())])
    const load = createEngagementLoader(
      hub,
      () => VIEWER,
      () => {},
      async (user) => (user === VIEWER ? [FRIEND, 'not a key'] : []),
    )
    const answer = await load(first)
    expect(asked[0]?.at(-1)).toEqual({
      kinds: [1984],
      authors: [FRIEND],
      '#e': [first.id],
      limit: 100,
    })
    expect(answer.reports).toEqual([{ reporter: FRIEND, type: 'spam' }])
  })

  it('follows that fail to load ask no reports; the rest still comes', async () => {
    const { asked, hub } = fakeHub([liked])
    const load = createEngagementLoader(
      hub,
      () => VIEWER,
      () => {},
      async () => {
        throw new Error('no relay answered')
      },
    )
    expect((await load(second)).likers).toEqual([VIEWER])
    expect(asked[0]).toHaveLength(4)
  })

  it('asks for no own events when nobody is logged in', async () => {
    const { asked, hub } = fakeHub([])
    await createEngagementLoader(hub, () => null)(first)
    expect(asked[0]).toHaveLength(3)
  })

  it("tells which notes their authors deleted; anyone else's kind 5 is ignored (NIP-09)", async () => {
    const byAuthor = finalizeEvent(
      { kind: 5, created_at: 2, tags: [['e', second.id]], content: '' },
      authorKey,
    )
    const forged = finalizeEvent(
      { kind: 5, created_at: 2, tags: [['e', first.id]], content: '' },
      generateSecretKey(),
    )
    const { hub } = fakeHub([liked, byAuthor, forged])
    const deleted: string[][] = []
    const load = createEngagementLoader(
      hub,
      () => null,
      (ids) => deleted.push([...ids]),
    )
    const answers = await Promise.all([load(first), load(second)])
    expect(deleted).toEqual([[second.id]])
    // A deletion is no like or repost.
    expect(answers[1]).toEqual({ likers: [VIEWER], reposters: [], reports: [] })
  })
})

describe('engagement queries', () => {
  it('asks again, for the notes known, once someone else is the viewer (a login)', async () => {
    const { asked, hub } = fakeHub([liked])
    const queryClient = new QueryClient()
    let viewer: string | null = null
    const queries = createEngagementQueries({ hub, queryClient, viewer: () => viewer })
    queries.ask([second])
    await vi.waitFor(() => expect(queryClient.getQueryData(engagementKey(second.id))).toBeDefined())
    // Fresh, for the same viewer: not asked again.
    queries.ask([second])
    viewer = VIEWER
    queries.ask([second])
    await vi.waitFor(() => expect(asked).toHaveLength(2))
    // The second time, as the viewer: their own likes are asked.
    expect(asked[1]).toHaveLength(4)
    queryClient.clear()
  })

  it('keeps the engagement of the notes views hold, and of at most UNUSED_ENGAGEMENT others', async () => {
    const { hub } = fakeHub([])
    const queryClient = new QueryClient()
    const queries = createEngagementQueries({ hub, queryClient, viewer: () => null })
    const notes = Array.from({ length: UNUSED_ENGAGEMENT + 60 }, (_, i) => ({
      id: `note${i}`,
      pubkey: '',
    }))
    // The first notes stay on screen; the others were scrolled past.
    const shown = notes.slice(0, 10)
    const release = queries.hold(shown)
    queries.ask(notes)
    const known = () =>
      notes.filter((n) => queryClient.getQueryData(engagementKey(n.id)) !== undefined)
    await vi.waitFor(() => expect(known()).toHaveLength(UNUSED_ENGAGEMENT + 10), {
      timeout: 5000,
    })
    expect(known().slice(0, 10)).toEqual(shown)
    // Scrolled past too, the most recently: the oldest of the others make room for them.
    release()
    await vi.waitFor(() => expect(known()).toHaveLength(UNUSED_ENGAGEMENT))
    expect(known()).toEqual([...shown, ...notes.slice(70)])
    queryClient.clear()
  })
})
