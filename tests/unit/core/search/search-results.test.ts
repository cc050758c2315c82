import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { searchResultsOf } from '../../../../src/core/search/search-results.ts'

const alice = generateSecretKey()
const bob = generateSecretKey()
const sign = (key: Uint8Array, kind: number, content: string, createdAt: number) =>
  finalizeEvent({ kind, created_at: createdAt, tags: [], content }, key)

describe('search results', () => {
  it('lists people (newest metadata, once each) and notes (once each) in arrival order', () => {
    const bobOld = sign(bob, 0, JSON.stringify({ name: 'bob-old' }), 100)
    const aliceMeta = sign(alice, 0, JSON.stringify({ name: 'alice', nip05: 'a@x.com' }), 100)
    const bobNew = sign(bob, 0, JSON.stringify({ name: 'bob' }), 200)
    const second = sign(alice, 1, 'second match', 50)
    const first = sign(bob, 1, 'best match', 10)
    const results = searchResultsOf([bobOld, first, aliceMeta, second, bobNew, first], 1)
    expect(results.people.map((p) => [p.pubkey, p.metadata.name])).toEqual([
      [getPublicKey(bob), 'bob'],
      [getPublicKey(alice), 'alice'],
    ])
    expect(results.people[1]!.metadata.nip05).toBe('a@x.com')
    expect(results.notes.map((n) => n.content)).toEqual(['best match', 'second match'])
  })

  it('leaves out metadata that is not a JSON object, and other kinds', () => {
    const results = searchResultsOf(
      [sign(alice, 0, 'not json', 1), sign(alice, 7, '+', 1), sign(alice, 6, '', 1)],
      1,
    )
    expect(results).toEqual({ people: [], notes: [] })
  })
})
