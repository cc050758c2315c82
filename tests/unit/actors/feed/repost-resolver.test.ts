// A repost's note fetched by id (NIP-18) from a relay whose first answer does not come within the
// wait (a busy relay answered after it): asked once more, the row shows the note.
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, expect, it } from 'vitest'
import { resolveEntries } from '../../../../src/actors/feed/repost-resolver.ts'
import type { Frame } from '../../../peers/faults.ts'
import { startRelay } from '../../../peers/relay.ts'
import { realHubs } from '../relays/real-hub.ts'

const hubs = realHubs()
afterAll(async () => {
  await hubs.stopSockets(true)
  hubs.close()
})

it('asks once more for a reposted note whose first answer did not come in time', async () => {
  const [alice, zed] = [generateSecretKey(), generateSecretKey()]
  const now = Math.floor(Date.now() / 1000)
  const note = finalizeEvent(
    { kind: 1, created_at: now - 60, tags: [], content: 'reposted' },
    alice,
  )
  const repost = finalizeEvent(
    {
      kind: 6,
      created_at: now - 30,
      tags: [
        ['e', note.id],
        ['p', getPublicKey(alice)],
      ],
      content: '',
    },
    zed,
  )
  // The first request that finds the note gets no answer at all, its EOSE neither.
  const unanswered: string[] = []
  const rewrite = (frame: Frame): Frame | null => {
    const [type, subId, event] = frame
    if (type === 'EVENT' && unanswered.length === 0 && (event as NostrEvent).id === note.id) {
      unanswered.push(subId as string)
    }
    return unanswered.includes(subId as string) ? null : frame
  }
  const relay = await startRelay({ seed: [note, repost], faults: { rewrite } })
  try {
    const { hub, connected } = hubs.connect([relay.url], { eoseTimeoutMs: 300 })
    await connected()
    const [row] = await resolveEntries({ hub }, [repost])
    expect(unanswered).toHaveLength(1)
    expect(row?.repost?.id).toBe(repost.id)
    expect(row?.note?.id).toBe(note.id)
  } finally {
    await relay.close()
  }
})
