// The modals about one note (spec §2: thread={id}, reply={id}, repost={id}; zap={id} and
// delete={id} alike); the flags' tests are in modal-search.test.ts, the decoding of the value in
// route-ids.test.ts.
import { describe, expect, it } from 'vitest'
import { NOTE_SEARCH_PARAMS, parseModalSearch } from '../../../../src/core/app/modal-search.ts'

const ID = 'ab'.repeat(32)
const NOTE1 = 'note1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq'

describe('parseModalSearch: the note parameters', () => {
  it('are thread, reply, repost, zap, delete and report', () => {
    expect(NOTE_SEARCH_PARAMS).toEqual(['thread', 'reply', 'repost', 'zap', 'delete', 'report'])
  })

  it.each(NOTE_SEARCH_PARAMS)('keeps %s as written, for the modal to read', (param) => {
    for (const value of [ID, ID.toUpperCase(), NOTE1, 'garbage', ' ', '']) {
      expect(parseModalSearch({ [param]: value })).toEqual({ [param]: value })
    }
  })

  it.each(NOTE_SEARCH_PARAMS)(
    'writes back as text what the router read as another type (%s)',
    (param) => {
      // The router lays the result over the raw query: a number left there would reach the modal.
      expect(parseModalSearch({ [param]: 123 })).toEqual({ [param]: '123' })
      expect(parseModalSearch({ [param]: true })).toEqual({ [param]: 'true' })
      expect(parseModalSearch({ [param]: null })).toEqual({ [param]: 'null' })
      expect(parseModalSearch({ [param]: { a: 1 } })).toEqual({ [param]: '{"a":1}' })
    },
  )

  it('sets none that the query lacks', () => {
    expect(parseModalSearch({})).toEqual({})
    expect(parseModalSearch({ thread: undefined })).toEqual({})
  })

  it('live alongside each other and the flags', () => {
    expect(
      parseModalSearch({ reply: ID, repost: ID, thread: NOTE1, zap: ID, settings: true }),
    ).toEqual({ reply: ID, repost: ID, thread: NOTE1, zap: ID, settings: true })
  })
})
