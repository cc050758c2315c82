/**
 * Where a person reads and writes (spec §7, relay list of a user): their newest kind 10002, else
 * the relays named in their recent notes, else nothing known. Their write relays are where their
 * notes are to be found (NIP-65 outbox).
 */
import { newestEvent } from '../platform/event-order.ts'
import { parseRelayList, type RelayEntry, relaysFromNotes } from './relay-list.ts'
import { canRead, canWrite } from './relay-permission.ts'

export type PersonRelaysSource = 'relay-list' | 'notes' | 'none'

export interface PersonRelays {
  source: PersonRelaysSource
  relays: RelayEntry[]
  /** created_at of the relay list; null when the relays are guessed from notes or unknown. */
  createdAt: number | null
}

interface ListEvent {
  id: string
  kind: number
  created_at: number
  tags: string[][]
}

export const NO_PERSON_RELAYS: PersonRelays = { source: 'none', relays: [], createdAt: null }

/** The newest relay list among these events; null when there is none to go by. */
export function personRelaysFromLists(events: readonly ListEvent[]): PersonRelays | null {
  const newest = newestEvent(events.filter((event) => event.kind === 10002))
  if (!newest) return null
  return { source: 'relay-list', relays: parseRelayList(newest), createdAt: newest.created_at }
}

/** The fallback: relays named in the person's notes, best guesses first. */
export function personRelaysFromNotes(events: readonly ListEvent[]): PersonRelays {
  const relays = relaysFromNotes(events.filter((event) => event.kind === 1))
  return relays.length > 0 ? { source: 'notes', relays, createdAt: null } : NO_PERSON_RELAYS
}

/** The relays the person writes to; undefined when nothing is known (ask everywhere). */
export function writeRelaysOf(person: PersonRelays): string[] | undefined {
  const relays = person.relays.filter((entry) => canWrite(entry.permission))
  return relays.length > 0 ? relays.map((entry) => entry.url) : undefined
}

/** The relays the person reads from (their NIP-65 inbox); empty when nothing is known. */
export function readRelaysOf(person: PersonRelays): string[] {
  return person.relays.filter((entry) => canRead(entry.permission)).map((entry) => entry.url)
}
