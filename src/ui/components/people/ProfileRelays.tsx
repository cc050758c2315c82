import { useQuery } from '@tanstack/react-query'
import { absoluteTime, relativeTime } from '../../../core/platform/relative-time.ts'
import type { PersonRelays } from '../../../core/relays/person-relays.ts'
import { PERMISSION_BADGE } from '../../../core/relays/relay-permission.ts'
import { useNow } from '../../hooks/use-now.ts'
import { useProfilePubkey, useProfileQueries } from './use-profile.ts'
import './people-list.css'
import './profile-relays.css'
import { RowBoundary } from '../kit/RowBoundary.tsx'

const PERMISSION_NAME = {
  read: 'read',
  write: 'write',
  readwrite: 'read and write',
  indexer: 'indexer',
} as const

/** The relays tab: their relay list (kind 10002) with read and write markers. */
export function ProfileRelays() {
  const pubkey = useProfilePubkey()
  const queries = useProfileQueries()
  const query = useQuery(queries.relays(pubkey))
  if (query.isPending) return <p className="feed-message">Loading…</p>
  const person = query.data
  if (!person || person.relays.length === 0) {
    return <p className="feed-message profile-empty">No relay list found.</p>
  }
  return (
    <div className="people-section">
      <RelaySource person={person} />
      <ul className="profile-relays" aria-label="Their relays">
        {person.relays.map(({ url, permission }) => (
          <RowBoundary key={url} rowId={url} listItem>
            {() => (
              <li className="profile-relay" data-relay={url}>
                <span className="relay-badge" title={PERMISSION_NAME[permission]}>
                  {PERMISSION_BADGE[permission]}
                </span>
                <span className="relay-url mono">{url}</span>
              </li>
            )}
          </RowBoundary>
        ))}
      </ul>
    </div>
  )
}

function RelaySource({ person }: { person: PersonRelays }) {
  const now = useNow()
  if (person.source === 'notes') {
    return (
      <p className="people-count">No relay list published: relays named in their recent notes.</p>
    )
  }
  return (
    <p className="people-count">
      Relay list
      {person.createdAt !== null && (
        <>
          {' · updated '}
          <time
            dateTime={new Date(person.createdAt * 1000).toISOString()}
            title={absoluteTime(person.createdAt)}
          >
            {relativeTime(person.createdAt, now)}
          </time>
        </>
      )}
    </p>
  )
}
