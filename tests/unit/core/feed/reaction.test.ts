import { describe, expect, it } from 'vitest'
import { LIKE, REACTION_KIND, reactionTemplate } from '../../../../src/core/feed/reaction.ts'

const NOTE = 'ee'.repeat(32)
const AUTHOR = 'ff'.repeat(32)

describe('reactions (NIP-25)', () => {
  it("a like is kind 7 with content '+', e (hint, author), p, k and client tags", () => {
    expect(REACTION_KIND).toBe(7)
    expect(LIKE).toBe('+')
    expect(reactionTemplate({ id: NOTE, pubkey: AUTHOR }, 1000, 'wss://r.example')).toEqual({
      kind: 7,
      created_at: 1000,
      content: '+',
      tags: [
        ['e', NOTE, 'wss://r.example', AUTHOR],
        ['p', AUTHOR],
        ['k', '1'],
        ['client', 'Plume'],
      ],
    })
  })

  it('names the kind reacted to and takes another reaction', () => {
    const template = reactionTemplate({ id: NOTE, pubkey: AUTHOR, kind: 30023 }, 5, '', '🔥')
    expect(template.content).toBe('🔥')
    expect(template.tags).toContainEqual(['k', '30023'])
    expect(template.tags[0]).toEqual(['e', NOTE, '', AUTHOR])
  })
})
