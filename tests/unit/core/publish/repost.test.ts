// Building reposts (NIP-18, kind 6); reading them is tested in nip18.test.ts.
import { finalizeEvent, generateSecretKey, verifyEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { parseRepost } from '../../../../src/core/feed/nip18.ts'
import { repostTemplate } from '../../../../src/core/publish/repost.ts'

const alice = generateSecretKey()
const original = finalizeEvent(
  { kind: 1, created_at: 100, tags: [['t', 'x']], content: 'hi' },
  alice,
)
const RELAY = 'wss://relay.example'

describe('repostTemplate (NIP-18)', () => {
  it('is kind 6 with the signed note as content, e (relay) and p tags, and the client tag', () => {
    const template = repostTemplate(original, 200, RELAY)
    expect(template.kind).toBe(6)
    expect(template.created_at).toBe(200)
    expect(template.tags).toEqual([
      ['e', original.id, RELAY],
      ['p', original.pubkey],
      ['client', 'Plume'],
    ])
    const carried = JSON.parse(template.content)
    // finalizeEvent marks its result with a symbol, which JSON does not carry.
    expect(carried).toEqual(JSON.parse(JSON.stringify(original)))
    expect(verifyEvent(carried)).toBe(true)
  })

  it('reads back as a repost of that note', () => {
    const repost = finalizeEvent(repostTemplate(original, 200, RELAY), generateSecretKey())
    expect(parseRepost(repost)).toEqual({
      target: { id: original.id, relays: [RELAY], author: original.pubkey },
      embedded: JSON.parse(JSON.stringify(original)),
    })
  })

  it('carries only the event fields, not what a cache added', () => {
    const cached = { ...original, receivedAt: 5 } as typeof original
    expect(Object.keys(JSON.parse(repostTemplate(cached, 1, RELAY).content)).sort()).toEqual([
      'content',
      'created_at',
      'id',
      'kind',
      'pubkey',
      'sig',
      'tags',
    ])
  })

  it("refuses anything but a signed kind-1 event: 'Invalid target event'", () => {
    const article = finalizeEvent({ kind: 30023, created_at: 1, tags: [], content: '' }, alice)
    const { sig: _sig, ...unsigned } = original
    for (const target of [article, unsigned, null]) {
      expect(() => repostTemplate(target as typeof original, 1, RELAY)).toThrow(
        'Invalid target event',
      )
    }
  })
})
