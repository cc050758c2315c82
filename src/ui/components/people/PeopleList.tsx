import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { profileParam } from '../../../core/app/route-ids.ts'
import { displayName, shortNpub } from '../../../core/people/profile.ts'
import { useSystem } from '../../system-context.tsx'
import { Avatar } from './Avatar.tsx'
import './people-list.css'
import { RowBoundary } from '../kit/RowBoundary.tsx'

/** Rows shown at first and per "Show more": every row asks for its metadata. */
export const PEOPLE_PAGE_SIZE = 50

export interface Person {
  pubkey: string
  /** Relay hint from the tag; empty when none. */
  relay?: string
  /** Petname from the tag; empty when none. */
  petname?: string
}

/** People with avatar and name, each a link to their profile. */
export function PeopleList({ people, label }: { people: readonly Person[]; label: string }) {
  const [shown, setShown] = useState(PEOPLE_PAGE_SIZE)
  const rest = people.length - shown
  return (
    <>
      <ul className="people-list" aria-label={label}>
        {people.slice(0, shown).map((person) => (
          <RowBoundary key={person.pubkey} rowId={person.pubkey} listItem>
            <PersonRow person={person} />
          </RowBoundary>
        ))}
      </ul>
      {rest > 0 && (
        <button
          type="button"
          className="button people-more"
          onClick={() => setShown((count) => count + PEOPLE_PAGE_SIZE)}
        >
          Show {Math.min(rest, PEOPLE_PAGE_SIZE)} more
        </button>
      )}
    </>
  )
}

function PersonRow({ person }: { person: Person }) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(person.pubkey))
  const name = displayName(metadata, person.pubkey)
  const petname = person.petname?.trim()
  return (
    <li className="person" data-pubkey={person.pubkey}>
      <Link to="/npub/$npub" params={{ npub: profileParam(person.pubkey) }} className="person-link">
        <Avatar pubkey={person.pubkey} name={name} picture={metadata?.picture} />
        <span className="person-names">
          <span className="person-name">{name}</span>
          <span className="person-sub">
            {petname ? `“${petname}” · ` : ''}
            <span className="mono">{shortNpub(person.pubkey)}</span>
          </span>
          {person.relay && <span className="person-relay mono">{person.relay}</span>}
        </span>
      </Link>
    </li>
  )
}
