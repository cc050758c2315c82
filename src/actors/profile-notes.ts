/**
 * A person's notes for the profile's notes tab (spec §7, user notes): kind 1 by the author,
 * pages of 10 going back with `until`, newest first, asked of their outbox relays
 * (outbox-relays.ts). Each note remembers the relay it arrived from first, for the relay
 * discovery modal.
 */
import { infiniteQueryOptions } from '@tanstack/react-query'
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { mergeNotes, type Note, toNote } from '../core/note.ts'
import { cutNotesPage } from '../core/note-paging.ts'
import { NOTES_PAGE_SIZE } from './feed-queries.ts'
import type { NotesRelays, OutboxRelays, PoolRelay } from './outbox-relays.ts'
import { profileKeys } from './profile-keys.ts'
import type { RelayHub, RequestOptions } from './relay-hub.ts'

export interface ProfileNotesPage {
  notes: readonly Note[]
  /** Note id → the relay it arrived from first. */
  seenOn: Readonly<Record<string, string>>
  relays: NotesRelays
  /** `until` of the next page; undefined when there is nothing older. */
  nextUntil: number | undefined
}

export interface ProfileNotesDeps {
  hub: RelayHub
  outbox: OutboxRelays
  /** The pool's relays now (they change as the user edits them). */
  pool(): readonly PoolRelay[]
}

interface Sourced {
  event: NostrEvent
  relay: string
}

/** Stored events with the relay each came from first; the hub's `query` drops the relay. */
function querySourced(hub: RelayHub, filters: Filter[], options?: RequestOptions) {
  return new Promise<Sourced[]>((resolve) => {
    const found: Sourced[] = []
    const subscription = hub.subscribe(
      filters,
      {
        onEvent: (event, relay) => found.push({ event, relay }),
        onEose: () => {
          subscription.close()
          resolve(found)
        },
      },
      options,
    )
  })
}

/** 0 stands for "now": the first page has no `until`. */
type PageParam = number

export function profileNotesQueryOptions(deps: ProfileNotesDeps, pubkey: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.notes(pubkey),
    initialPageParam: 0 as PageParam,
    queryFn: async ({ pageParam }): Promise<ProfileNotesPage> => {
      const until = pageParam || undefined
      const relays = await deps.outbox.notesRelays(pubkey, deps.pool())
      // Before the pool has started no relay is known: the hub then asks whichever joins.
      const options = relays.asked.length > 0 ? { relays: relays.asked } : undefined
      const found = await querySourced(
        deps.hub,
        [{ kinds: [1], authors: [pubkey], limit: NOTES_PAGE_SIZE, until }],
        options,
      )
      const now = Date.now()
      const all = mergeNotes(
        [],
        found.map(({ event }) => toNote(event, now)),
      )
      const page = cutNotesPage(all, NOTES_PAGE_SIZE, until)
      const kept = new Set(page.notes.map((note) => note.id))
      const seenOn: Record<string, string> = {}
      for (const { event, relay } of found) if (kept.has(event.id)) seenOn[event.id] ??= relay
      return { notes: page.notes, seenOn, relays, nextUntil: page.nextUntil }
    },
    getNextPageParam: (last: ProfileNotesPage): PageParam | undefined => last.nextUntil,
  })
}
