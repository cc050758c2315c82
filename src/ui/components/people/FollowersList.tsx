import { useQuery } from '@tanstack/react-query'
import { followersCountText } from '../../../core/people/followers.ts'
import { PeopleList } from './PeopleList.tsx'
import { useProfilePubkey, useProfileQueries } from './use-profile.ts'

/** The followers tab (and modal): authors of contact lists that name them. */
export function FollowersList() {
  const pubkey = useProfilePubkey()
  const queries = useProfileQueries()
  const query = useQuery(queries.followers(pubkey))
  if (query.isPending) return <p className="feed-message">Loading…</p>
  const followers = query.data ?? { pubkeys: [], capped: false }
  return (
    <div className="people-section">
      <p className="people-count">{followersCountText(followers)}</p>
      {followers.pubkeys.length === 0 ? (
        <p className="feed-message profile-empty">No followers found.</p>
      ) : (
        <PeopleList
          people={followers.pubkeys.map((follower) => ({ pubkey: follower }))}
          label="Followers"
        />
      )}
    </div>
  )
}
