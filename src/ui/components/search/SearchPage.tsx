import { useNavigate, useSearch } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { parseSearchQuery, SEARCH_MESSAGES } from '../../../core/search/search-query.ts'
import { InputRow } from '../kit/InputRow.tsx'
import { PageBar } from '../kit/PageBar.tsx'
import { SearchOutcome } from './SearchOutcome.tsx'
import './search.css'

/** The search page: the input, then what the query turned out to be. */
export function SearchPage() {
  const q = useSearch({ from: '/search', select: (search) => search.q ?? '' })
  return (
    <section className="search-page" aria-labelledby="search-title">
      <PageBar titleId="search-title">Search</PageBar>
      {/* Keyed by the query: Back and Forward show the query of their entry in the input. */}
      <SearchForm key={q} initial={q} />
      {q !== '' && <SearchOutcome query={parseSearchQuery(q)} text={q} />}
      {q === '' && <SearchHelp />}
    </section>
  )
}

function SearchForm({ initial }: { initial: string }) {
  const navigate = useNavigate()
  const [value, setValue] = useState(initial)
  const [refused, setRefused] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    // Focus to type at once; on a page of results (Back from one) the reader came to read.
    if (initial === '') input.current?.focus({ preventScroll: true })
  }, [initial])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const q = value.trim()
    if (parseSearchQuery(q).kind === 'secret') {
      // Never into the URL (history, server logs, shared links) nor to a relay.
      setValue('')
      setRefused(true)
      return
    }
    setRefused(false)
    if (q === initial) return
    void navigate({ to: '/search', search: q === '' ? {} : { q } })
  }

  return (
    <>
      <search>
        <InputRow className="search-form" action="Search" primary onSubmit={submit}>
          <input
            ref={input}
            type="search"
            name="q"
            className="input search-input"
            aria-label="Search"
            placeholder="Words, #tag, npub or note id"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </InputRow>
      </search>
      {refused && (
        <p className="search-message" role="alert">
          {SEARCH_MESSAGES.secret}
        </p>
      )}
    </>
  )
}

/** What can be searched, for the empty page. */
export function SearchHelp() {
  return (
    <div className="search-help">
      <p>Search looks up, directly:</p>
      <ul>
        <li>
          a profile by <span className="mono">npub</span> or <span className="mono">nprofile</span>,
          or a note by <span className="mono">note</span> or <span className="mono">nevent</span>
        </li>
        <li>a 64-character hex id, which may be a note or a person</li>
        <li>
          an address like <span className="mono">name@example.com</span> (NIP-05)
        </li>
        <li>
          notes with a <span className="mono">#hashtag</span>
        </li>
      </ul>
      <p>Other words are searched in notes and profiles on relays that offer search (NIP-50).</p>
    </div>
  )
}
