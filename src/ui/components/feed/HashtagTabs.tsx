import { Link } from '@tanstack/react-router'
import { hashtagKey } from '../../../core/hashtags.ts'

// The router marks the link of the feed shown (aria-current="page"): exactly this path and query.
const EXACT = { exact: true }

/**
 * The custom hashtag filter (spec §2) as tabs over the feed: all notes, or one of the user's
 * hashtags. A hashtag opened from a note that is not in the list shows as a tab of its own.
 */
export function HashtagTabs({ hashtags, active }: { hashtags: string[]; active: string | null }) {
  const tabs = hashtags.map((tag) => ({ label: tag, key: hashtagKey(tag) }))
  if (active && !tabs.some((tab) => tab.key === active)) tabs.push({ label: active, key: active })
  return (
    <nav className="feed-tabs" aria-label="Feeds">
      <Link to="/" search={{}} className="feed-tab" activeOptions={EXACT}>
        All
      </Link>
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to="/"
          search={{ tag: tab.key }}
          className="feed-tab"
          activeOptions={EXACT}
        >
          #{tab.label}
        </Link>
      ))}
    </nav>
  )
}
