import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { profileParam } from '../../../core/app/route-ids.ts'
import type { Note } from '../../../core/feed/note.ts'
import { nip05Display, parseNip05 } from '../../../core/people/nip05.ts'
import { displayName, shortNpub } from '../../../core/people/profile.ts'
import type { SearchPerson } from '../../../core/search/search-results.ts'
import { useNow } from '../../hooks/use-now.ts'
import { NoteBoundary } from '../feed/NoteBoundary.tsx'
import { NoteCard } from '../feed/NoteCard.tsx'
import { useEngagementAsks } from '../feed/use-engagement-asks.ts'
import { Avatar } from '../people/Avatar.tsx'
import { useProfileQueries } from '../people/use-profile.ts'
import '../feed/feed.css'
import '../people/nip05-mark.css'
import '../people/people-list.css'

/** People found: avatar, name and NIP-05 address, each a link to the profile. */
export function PeopleResults({ people }: { people: readonly SearchPerson[] }) {
  return (
    <ul className="people-list" aria-label="People">
      {people.map((person) => (
        <PersonResult key={person.pubkey} person={person} />
      ))}
    </ul>
  )
}

function PersonResult({ person }: { person: SearchPerson }) {
  const { pubkey, metadata } = person
  const name = displayName(metadata, pubkey)
  return (
    <li className="person" data-pubkey={pubkey}>
      <Link to="/npub/$npub" params={{ npub: profileParam(pubkey) }} className="person-link">
        <Avatar pubkey={pubkey} name={name} picture={metadata.picture || undefined} />
        <span className="person-names">
          <span className="person-name">{name}</span>
          <span className="person-sub">
            <Nip05 identifier={metadata.nip05} pubkey={pubkey} />
          </span>
        </span>
      </Link>
    </li>
  )
}

/**
 * The address once its document names this person (anyone can write any address in their
 * metadata); until then, or when it does not, the short npub.
 */
function Nip05({ identifier, pubkey }: { identifier: string; pubkey: string }) {
  const queries = useProfileQueries()
  const address = identifier ? parseNip05(identifier) : null
  const { data: verified } = useQuery({ ...queries.nip05(identifier, pubkey), enabled: !!address })
  if (address && verified) {
    return (
      <span className="search-nip05">
        <span className="nip05-mark" role="img" aria-label="Verified">
          ✓
        </span>
        {nip05Display(address)}
      </span>
    )
  }
  return <span className="mono">{shortNpub(pubkey)}</span>
}

/**
 * Notes found, as note cards (the feed pattern: a `feed` of `article`s), asking together who
 * liked and reposted them and whether their authors deleted them.
 */
export function NoteResults({ notes, label }: { notes: readonly Note[]; label: string }) {
  const now = useNow()
  useEngagementAsks(notes)
  return (
    <div className="feed search-notes" role="feed" aria-label={label}>
      {notes.map((note, index) => (
        <NoteBoundary key={note.id} noteId={note.id}>
          <NoteCard note={note} position={index + 1} setSize={notes.length} now={now} />
        </NoteBoundary>
      ))}
    </div>
  )
}
