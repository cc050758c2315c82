import { describe, expect, it } from 'vitest'
import { forgottenRow, rememberedRow, restoreStep } from '../../../../src/core/feed/feed-return.ts'

/** The router's own keys in an entry's state. */
const ROUTER = { __TSR_index: 3, key: 'k1', __TSR_key: 'k1' }

describe('rememberedRow', () => {
  it('keeps the router keys and adds the row, the top row, the waiting rows and the unfiltered feed', () => {
    expect(
      rememberedRow(ROUTER, {
        index: 12,
        topId: 'top',
        waiting: ['late'],
        everyNoteOf: 'feed/global',
      }),
    ).toEqual({
      ...ROUTER,
      fromFeed: true,
      restoreIndex: 12,
      feedTopId: 'top',
      feedWaiting: ['late'],
      everyNoteOf: 'feed/global',
    })
  })

  it('leaves out what the feed does not hold, and replaces what an older row left', () => {
    const state = rememberedRow(
      { ...ROUTER, restoreIndex: 3, feedTopId: 'old', feedWaiting: ['x'], everyNoteOf: 'feed/old' },
      { index: 0, topId: null, waiting: [], everyNoteOf: null },
    )
    expect(state).toEqual({ ...ROUTER, fromFeed: true, restoreIndex: 0 })
    expect(state.feedTopId).toBeUndefined()
    expect(state.feedWaiting).toBeUndefined()
    expect(state.everyNoteOf).toBeUndefined()
  })

  it('starts from an entry without state', () => {
    expect(rememberedRow(null, { index: 1, topId: null, waiting: [], everyNoteOf: null })).toEqual({
      fromFeed: true,
      restoreIndex: 1,
    })
  })
})

describe('forgottenRow', () => {
  it('forgets the row, the top row and the waiting rows, keeps the router keys and the unfiltered feed', () => {
    const state = {
      ...ROUTER,
      fromFeed: true,
      restoreIndex: 4,
      feedTopId: 't',
      feedWaiting: ['w'],
      everyNoteOf: 'f',
    }
    expect(forgottenRow(state)).toEqual({ ...ROUTER, everyNoteOf: 'f' })
  })

  it('gives an empty state for an entry without one', () => {
    expect(forgottenRow(null)).toEqual({})
  })
})

describe('restoreStep', () => {
  const more = { loading: false, canLoadMore: true }

  it('waits while the first pages load', () => {
    expect(restoreStep(5, 0, { loading: true, canLoadMore: true })).toBe('wait')
    expect(restoreStep(5, 20, { loading: true, canLoadMore: false })).toBe('wait')
  })

  it('restores the row once the list has it', () => {
    expect(restoreStep(5, 6, more)).toBe('restore')
    expect(restoreStep(0, 1, { loading: false, canLoadMore: false })).toBe('restore')
  })

  it('loads more while the row is beyond the list, and gives up at its end', () => {
    expect(restoreStep(5, 5, more)).toBe('loadMore')
    expect(restoreStep(5, 5, { loading: false, canLoadMore: false })).toBe('giveUp')
  })
})
