import { useQuery } from '@tanstack/react-query'
import { isEmptyMuteList } from '../../../core/people/mute-list.ts'
import { PeopleList } from './PeopleList.tsx'
import { useProfilePubkey, useProfileQueries } from './use-profile.ts'
import './profile-mute-list.css'

/** The mute list tab: the public part of their kind 10000 (people, hashtags, words, threads). */
export function ProfileMuteList() {
  const pubkey = useProfilePubkey()
  const queries = useProfileQueries()
  const query = useQuery(queries.muteList(pubkey))
  if (query.isPending) return <p className="feed-message">Loading…</p>
  const list = query.data
  if (!list || isEmptyMuteList(list)) {
    return <p className="feed-message profile-empty">No public mute list.</p>
  }
  return (
    <div className="people-section mute-list">
      {list.people.length > 0 && (
        <section aria-labelledby="muted-people">
          <h2 id="muted-people" className="people-count">
            {list.people.length === 1 ? '1 muted person' : `${list.people.length} muted people`}
          </h2>
          <PeopleList people={list.people} label="Muted people" />
        </section>
      )}
      {list.hashtags.length > 0 && (
        <section aria-labelledby="muted-hashtags">
          <h2 id="muted-hashtags" className="people-count">
            Muted hashtags
          </h2>
          <ul className="chip-list">
            {list.hashtags.map((tag) => (
              <li key={tag} className="chip">
                #{tag}
              </li>
            ))}
          </ul>
        </section>
      )}
      {list.words.length > 0 && (
        <section aria-labelledby="muted-words">
          <h2 id="muted-words" className="people-count">
            Muted words
          </h2>
          <ul className="chip-list">
            {list.words.map((word) => (
              <li key={word} className="chip">
                {word}
              </li>
            ))}
          </ul>
        </section>
      )}
      {list.threads.length > 0 && (
        <p className="people-count">
          {list.threads.length === 1 ? '1 muted thread' : `${list.threads.length} muted threads`}
        </p>
      )}
    </div>
  )
}
