import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetFeedRow, rememberFeedRow } from '../../../../src/actors/feed/feed-history.ts'

/** A window whose history holds one entry, written in place. */
function stubHistory(state: unknown) {
  const history = {
    state,
    replaceState: vi.fn((next: unknown, _unused: string) => {
      history.state = next
    }),
  }
  vi.stubGlobal('window', { history })
  return history
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the feed history entry', () => {
  it('remembers the row in place, the router keys kept', () => {
    const history = stubHistory({ key: 'k1', __TSR_index: 2 })
    rememberFeedRow({ index: 7, topId: 'top', waiting: [], everyNoteOf: null })
    expect(history.replaceState).toHaveBeenCalledTimes(1)
    expect(history.replaceState).toHaveBeenCalledWith(
      { key: 'k1', __TSR_index: 2, fromFeed: true, restoreIndex: 7, feedTopId: 'top' },
      '',
    )
  })

  it('forgets the row in place once it is back', () => {
    const history = stubHistory({
      key: 'k1',
      fromFeed: true,
      restoreIndex: 7,
      feedTopId: 'top',
      everyNoteOf: 'feed/global',
    })
    forgetFeedRow()
    expect(history.replaceState).toHaveBeenCalledWith({ key: 'k1', everyNoteOf: 'feed/global' }, '')
  })

  it('writes an entry that had no state', () => {
    const history = stubHistory(null)
    forgetFeedRow()
    expect(history.state).toEqual({})
    rememberFeedRow({ index: 0, topId: null, waiting: [], everyNoteOf: null })
    expect(history.state).toEqual({ fromFeed: true, restoreIndex: 0 })
  })
})
