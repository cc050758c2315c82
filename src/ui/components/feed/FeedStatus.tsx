import type { FeedSourceState } from '../../../core/feed/feed-source-state.ts'
import { FAILED_TO_LOAD_NOTES } from '../../../core/relays/relay-messages.ts'
import { LoadFailed } from '../kit/LoadFailed.tsx'
import './feed.css'

interface FeedStatusProps {
  state: FeedSourceState['status']
  loading: boolean
  empty: boolean
  /** The oldest page is in: nothing more to load. */
  ended: boolean
  failed: boolean
  loadingMore: boolean
  /** The window is as large as it grows, and filters show few of its notes: no more are fetched. */
  filtersHideOlder: boolean
  /** Notes loaded that the user's filters hide. */
  hidden: number
  /** Shows them, in this view. */
  showHidden(): void
  retry(): void
}

/**
 * What the feed says below its rows: loading, empty, failed (with a retry), filtered, or that it
 * has ended. A feed never ends in silence: the reader learns there is nothing more, and how many
 * notes their filters hid, which they may see at once rather than wonder where they went.
 */
export function FeedStatus(props: FeedStatusProps) {
  const { state, loading, empty, ended, failed, loadingMore, filtersHideOlder, retry } = props
  if (state === 'loadingFollows') {
    return <p className="feed-message">Loading the people you follow…</p>
  }
  if (state === 'noFollows') {
    return (
      <p className="feed-message">
        Follow Only is on, and you follow nobody yet. Turn it off in Settings, Filters to see
        everyone.
      </p>
    )
  }
  if (failed) return <LoadFailed message={FAILED_TO_LOAD_NOTES} retry={retry} />
  if (loading) return <p className="feed-message">Loading notes…</p>
  if (loadingMore) {
    // Fixed at the screen's foot, not after the rows: rows above it still growing (a quoted note,
    // a picture drawn) would move it under the reader's eyes (a layout shift).
    return (
      <p className="feed-loading-more" role="status">
        Loading more…
      </p>
    )
  }
  if (!empty && !ended && !filtersHideOlder) return null
  return (
    <div className="feed-message feed-end" role="status" aria-label="End of the feed">
      {empty ? (
        <p>No notes to show. Filters may hide them.</p>
      ) : filtersHideOlder ? (
        <p>Filters hide the older notes. Change them in Settings.</p>
      ) : (
        <p>No more notes</p>
      )}
      {props.hidden > 0 && (
        <p className="feed-hidden">
          <span>
            {props.hidden} {props.hidden === 1 ? 'note' : 'notes'} hidden by your filters
          </span>
          <button type="button" className="button-quiet" onClick={props.showHidden}>
            Show them
          </button>
        </p>
      )}
    </div>
  )
}
