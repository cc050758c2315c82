// The thread modal's query parameter (spec §2: thread={id}); the flags' tests are in modal-search.test.ts.
import { describe, expect, it } from 'vitest'
import { parseModalSearch } from '../../../src/core/modal-search.ts'

const ID = 'ab'.repeat(32)

describe('parseModalSearch: thread', () => {
  it('keeps a 64-hex note id, lower-cased', () => {
    expect(parseModalSearch({ thread: ID })).toEqual({ thread: ID })
    expect(parseModalSearch({ thread: ID.toUpperCase() })).toEqual({ thread: ID })
  })

  it('drops anything else: short, long, bech32, non-hex, not a string', () => {
    for (const thread of [
      ID.slice(1),
      `${ID}0`,
      'note1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq',
      'g'.repeat(64),
      ` ${ID}`,
      true,
      123,
      null,
    ]) {
      expect(parseModalSearch({ thread })).toEqual({})
    }
  })

  it('lives alongside the flags', () => {
    expect(parseModalSearch({ thread: ID, settings: 'true' })).toEqual({
      thread: ID,
      settings: true,
    })
  })
})
