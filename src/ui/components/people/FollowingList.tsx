import { useQuery } from '@tanstack/react-query'
import { followingCountText } from '../../../core/people/contacts.ts'
import { PeopleList } from './PeopleList.tsx'
import { useProfilePubkey, useProfileQueries } from './use-profile.ts'

/** The following tab (and modal): the people in their newest contact list. */
export function FollowingList() {
  const pubkey = useProfilePubkey()
  const queries = useProfileQueries()
  const query = useQuery(queries.contacts(pubkey))
  if (query.isPending) return <p className="feed-message">Loading…</p>
  if (!query.data) return <p className="feed-message profile-empty">No contact list found.</p>
  const { contacts } = query.data
  return (
    <div className="people-section">
      <p className="people-count">{followingCountText(contacts.length)}</p>
      {contacts.length === 0 ? (
        <p className="feed-message profile-empty">Not following anyone.</p>
      ) : (
        <PeopleList people={contacts} label="Following" />
      )}
    </div>
  )
}
