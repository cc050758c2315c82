import type { Filter } from 'nostr-tools/filter'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { createEngagementLoader } from '../../../../src/actors/feed/engagement-queries.ts'

const viewer = generateSecretKey()
const VIEWER = getPublicKey(viewer)
const note = (content: string) =>
  finalizeEvent({ kind: 1, created_at: 1, tags: [], content }, generateSecretKey())
const [first, second] = [note('one'), note('two')]
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
    const answers = await Promise.all([load(first.id), load(second.id)])
    expect(answers).toEqual([
      { likers: [], reposters: [] },
      { likers: [VIEWER], reposters: [] },
    ])
    expect(asked).toEqual([
      [
        { kinds: [7], '#e': [first.id, second.id], limit: 200 },
        { kinds: [6, 16], '#e': [first.id, second.id], limit: 200 },
        { kinds: [7, 6, 16], authors: [VIEWER], '#e': [first.id, second.id] },
      ],
    ])
  })

  it('asks for no own events when nobody is logged in', async () => {
    const { asked, hub } = fakeHub([])
    await createEngagementLoader(hub, () => null)(first.id)
    expect(asked[0]).toHaveLength(2)
  })
})
