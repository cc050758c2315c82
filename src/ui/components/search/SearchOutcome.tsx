import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type ReactNode, Suspense, use, useEffect } from 'react'
import type { SearchQueries } from '../../../actors/search/search-queries.ts'
import { noteParam, profileParam } from '../../../core/app/route-ids.ts'
import { parseNip05 } from '../../../core/people/nip05.ts'
import { SEARCH_MESSAGES, type SearchQuery } from '../../../core/search/search-query.ts'
import { useSystem } from '../../system-context.tsx'
import { useShownNotes } from '../feed/use-hiding.ts'
import { NoteResults, PeopleResults } from './SearchResults.tsx'

/** The search page's lookups, the system's: the lookup suspends until their code is loaded. */
const useSearchQueries = (): SearchQueries => use(useSystem().search())

/** What the query named, looked up: a page to open, a message, or results. */
export function SearchOutcome({ query, text }: { query: SearchQuery; text: string }) {
  return (
    <Suspense fallback={null}>
      <Outcome query={query} text={text} />
    </Suspense>
  )
}

function Outcome({ query, text }: { query: SearchQuery; text: string }) {
  switch (query.kind) {
    case 'empty':
      return null
    case 'secret':
      return <Message alert>{SEARCH_MESSAGES.secret}</Message>
    case 'invalid':
      return <Message alert>{query.message}</Message>
    case 'address':
      return <Message>{SEARCH_MESSAGES.address}</Message>
    case 'profile':
    case 'note':
      // The route opens these before the page shows; this is only seen if that is slow.
      return <Message>Opening…</Message>
    case 'hex':
      return <HexLookup hex={query.hex} />
    case 'nip05':
      return <Nip05Lookup identifier={query.identifier} />
    case 'hashtag':
      return <HashtagResults tag={query.tag} />
    case 'text':
      return <TextResults text={text} />
  }
}

function Message({ children, alert = false }: { children: ReactNode; alert?: boolean }) {
  return (
    <div className="search-message" role={alert ? 'alert' : 'status'}>
      {children}
    </div>
  )
}

/** 64 hex: a note id or a pubkey; the relays tell which, and the page opens it. */
function HexLookup({ hex }: { hex: string }) {
  const queries = useSearchQueries()
  const navigate = useNavigate()
  const { data: match, isError } = useQuery(queries.hex(hex))
  const only = match && match.note !== match.profile ? (match.note ? 'note' : 'profile') : null

  useEffect(() => {
    // In place of the search entry: Back from the page returns to where the search began.
    if (only === 'note') {
      void navigate({ to: '/note/$noteId', params: { noteId: noteParam(hex) }, replace: true })
    } else if (only === 'profile') {
      void navigate({ to: '/npub/$npub', params: { npub: profileParam(hex) }, replace: true })
    }
  }, [only, hex, navigate])

  const noteLink = (
    <Link to="/note/$noteId" params={{ noteId: noteParam(hex) }}>
      Open it as a note
    </Link>
  )
  const profileLink = (
    <Link to="/npub/$npub" params={{ npub: profileParam(hex) }}>
      Open it as a profile
    </Link>
  )
  if (isError)
    return (
      <Message alert>
        The lookup failed. {noteLink} or {profileLink}.
      </Message>
    )
  if (!match) return <Message>Looking for a note or a person with this id…</Message>
  if (only) return <Message>Opening…</Message>
  if (match.note && match.profile) {
    return (
      <Message>
        This id is both a note and a person. {noteLink} or {profileLink}.
      </Message>
    )
  }
  return (
    <Message>
      No note or person with this id was found on your relays. {noteLink} or {profileLink} anyway.
    </Message>
  )
}

/** name@domain: the domain's nostr.json says whose it is, and the profile opens. */
function Nip05Lookup({ identifier }: { identifier: string }) {
  const queries = useSearchQueries()
  const navigate = useNavigate()
  const { data: lookup } = useQuery(queries.nip05(identifier))
  const pubkey = lookup?.status === 'found' ? lookup.person.pubkey : null

  useEffect(() => {
    if (pubkey) {
      void navigate({ to: '/npub/$npub', params: { npub: profileParam(pubkey) }, replace: true })
    }
  }, [pubkey, navigate])

  const domain = parseNip05(identifier)?.domain ?? identifier
  if (!lookup) return <Message>Looking up {identifier}…</Message>
  if (lookup.status === 'found') return <Message>Opening…</Message>
  if (lookup.status === 'unknown') {
    return (
      <Message alert>
        {domain} does not list {identifier}. Check the spelling of the address.
      </Message>
    )
  }
  return (
    <Message alert>
      Could not reach {domain} to look up {identifier}: the site did not answer, or does not let
      other sites ask it.
    </Message>
  )
}

function HashtagResults({ tag }: { tag: string }) {
  const queries = useSearchQueries()
  const { data, isPending, isError } = useQuery(queries.hashtag(tag))
  const notes = useShownNotes(data)
  return (
    <>
      <h2 className="search-heading">Notes tagged #{tag}</h2>
      {isPending && <Message>Looking for notes tagged #{tag}…</Message>}
      {isError && <Message alert>Failed to load notes</Message>}
      {notes?.length === 0 && <Message>No notes tagged #{tag} on your relays.</Message>}
      {notes && notes.length > 0 && <NoteResults notes={notes} label={`Notes tagged #${tag}`} />}
    </>
  )
}

function TextResults({ text }: { text: string }) {
  const queries = useSearchQueries()
  const { data: search, isPending, isError } = useQuery(queries.text(text))
  const notes = useShownNotes(search?.status === 'done' ? search.notes : undefined) ?? []
  if (isPending) return <Message>Searching…</Message>
  if (isError || !search) return <Message alert>The search failed. Try again in a moment.</Message>
  if (search.status === 'unsupported') {
    return (
      <Message>
        <p>
          None of your relays offers full-text search (NIP-50), so words cannot be searched here.
        </p>
        <p>
          What works without it: an npub, nprofile, note or nevent id, a 64-character hex id, an
          address like name@example.com, or a #hashtag. A relay that offers search can be added in
          Settings, Relay Management.
        </p>
      </Message>
    )
  }
  const relays =
    search.relays.length === 1
      ? 'the one relay that offers search'
      : `the ${search.relays.length} relays that offer search`
  if (search.people.length === 0 && notes.length === 0) {
    return (
      <Message>
        Nothing found for “{text}” on {relays}.
      </Message>
    )
  }
  return (
    <>
      <p className="search-caption">Searched on {relays}.</p>
      {search.people.length > 0 && (
        <>
          <h2 className="search-heading">People</h2>
          <PeopleResults people={search.people} />
        </>
      )}
      {notes.length > 0 && (
        <>
          <h2 className="search-heading">Notes</h2>
          <NoteResults notes={notes} label={`Notes matching ${text}`} />
        </>
      )}
    </>
  )
}
