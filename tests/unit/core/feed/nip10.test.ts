import { describe, expect, it } from 'vitest'
import { isReply, threadRefs } from '../../../../src/core/feed/nip10.ts'

const [A, B, C, P, Q] = ['a', 'b', 'c', '1', '2'].map((c) => c.repeat(64)) as [
  string,
  string,
  string,
  string,
  string,
]

describe('threadRefs', () => {
  it('reads marked root and reply tags', () => {
    expect(
      threadRefs([
        ['e', A, '', 'root'],
        ['e', B, 'wss://r', 'reply'],
        ['p', P],
        ['p', Q],
        ['p', P],
      ]),
    ).toEqual({
      root: A,
      reply: B,
      people: [P, Q],
    })
  })

  it('treats a lone root marker as a direct reply to the root', () => {
    expect(threadRefs([['e', A, '', 'root']])).toMatchObject({ root: A, reply: A })
  })

  it('falls back to positions when no tag is marked, ignoring mentions', () => {
    expect(
      threadRefs([
        ['e', A],
        ['e', C, '', 'mention'],
        ['e', B],
      ]),
    ).toMatchObject({ root: A, reply: B })
    expect(threadRefs([['e', A]])).toMatchObject({ root: A, reply: A })
  })

  it('is not a reply without thread references, or with only mentions and malformed ids', () => {
    expect(isReply([['t', 'nostr']])).toBe(false)
    expect(isReply([['e', C, '', 'mention']])).toBe(false)
    expect(isReply([['e', 'not-hex']])).toBe(false)
    expect(isReply([['e', A, '', 'reply']])).toBe(true)
  })
})
