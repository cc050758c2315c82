// The reply and repost modals' query parameters (spec §2: reply={id}, repost={id}).
import { describe, expect, it } from 'vitest'
import { parseModalSearch } from '../../../src/core/modal-search.ts'

const ID = 'cd'.repeat(32)

describe('parseModalSearch: reply and repost', () => {
  it.each(['reply', 'repost'] as const)('keeps a 64-hex %s id, lower-cased', (key) => {
    expect(parseModalSearch({ [key]: ID })).toEqual({ [key]: ID })
    expect(parseModalSearch({ [key]: ID.toUpperCase() })).toEqual({ [key]: ID })
  })

  it.each(['reply', 'repost'] as const)('drops any other %s value', (key) => {
    for (const value of [ID.slice(2), `${ID}00`, 'z'.repeat(64), 'true', true, 7, null]) {
      expect(parseModalSearch({ [key]: value })).toEqual({})
    }
  })

  it('lives alongside the thread and the flags', () => {
    expect(parseModalSearch({ reply: ID, repost: ID, thread: ID, settings: true })).toEqual({
      reply: ID,
      repost: ID,
      thread: ID,
      settings: true,
    })
  })
})
