import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import { hashtagKey } from '../../../core/feed/hashtags.ts'
import { ALL_TAGGED_TITLE } from './card-text.ts'
import './feed.css'

// The router marks the link of the feed shown (aria-current="page"): exactly this path and query.
const EXACT = { exact: true }

/**
 * The custom hashtag filter (spec §2) as tabs over the feed: "All" is every note tagged with any
 * of the user's hashtags (the feed itself), each hashtag's tab narrows it to that one. A hashtag
 * in the URL that is not in the list shows as a tab of its own. Without hashtags the feed is every
 * note and there is nothing to choose between: no tabs. Memoized: the feed re-renders at every
 * page it loads, and router links are not cheap to render.
 */
export const HashtagTabs = memo(function HashtagTabs({
  hashtags,
  active,
}: {
  hashtags: string[]
  active: string | null
}) {
  const tabs = hashtags.map((tag) => ({ label: tag, key: hashtagKey(tag) }))
  if (active && !tabs.some((tab) => tab.key === active)) tabs.push({ label: active, key: active })
  if (tabs.length === 0) return null
  return (
    <nav className="feed-tabs" aria-label="Feeds">
      <Link
        to="/"
        search={{}}
        className="feed-tab"
        activeOptions={EXACT}
        title={hashtags.length > 0 ? ALL_TAGGED_TITLE : 'Every note'}
      >
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
})
