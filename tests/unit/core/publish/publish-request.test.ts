import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { requestTarget, requestTemplate } from '../../../../src/core/publish/publish-request.ts'

const original = finalizeEvent(
  { kind: 1, created_at: 10, tags: [], content: 'hi' },
  generateSecretKey(),
)
const target = { id: original.id, pubkey: original.pubkey }
const params = { createdAt: 99, hint: 'wss://r.example' }

describe('publish requests', () => {
  it('name their target, the note replied to, or none', () => {
    expect(requestTarget({ kind: 'note', content: 'x' })).toBeNull()
    expect(requestTarget({ kind: 'reply', content: 'x', parent: { ...target, tags: [] } })).toEqual(
      {
        ...target,
        tags: [],
      },
    )
    expect(requestTarget({ kind: 'reaction', target })).toBe(target)
    expect(requestTarget({ kind: 'repost', target })).toBe(target)
    expect(requestTarget({ kind: 'quote', content: 'x', target })).toBe(target)
  })

  it('become the event of their kind, at the given time', () => {
    const kinds = [
      requestTemplate({ kind: 'note', content: 'x' }, params),
      requestTemplate({ kind: 'reply', content: 'x', parent: { ...target, tags: [] } }, params),
      requestTemplate({ kind: 'quote', content: 'x', target }, params),
      requestTemplate({ kind: 'reaction', target }, params),
      requestTemplate({ kind: 'repost', target }, { ...params, original }),
    ].map((template) => [template.kind, template.created_at])
    expect(kinds).toEqual([
      [1, 99],
      [1, 99],
      [1, 99],
      [7, 99],
      [6, 99],
    ])
  })

  it("refuse a repost without the original, or with another note: 'Invalid target event'", () => {
    const other = finalizeEvent(
      { kind: 1, created_at: 1, tags: [], content: 'o' },
      generateSecretKey(),
    )
    for (const given of [undefined, null, other]) {
      expect(() =>
        requestTemplate({ kind: 'repost', target }, { ...params, original: given }),
      ).toThrow('Invalid target event')
    }
  })

  it("refuse a blank quote: 'Quote repost content required'", () => {
    expect(() => requestTemplate({ kind: 'quote', content: ' ', target }, params)).toThrow(
      'Quote repost content required',
    )
  })
})
