/**
 * Feed rows from relay events: a note is its own row; a repost (NIP-18) shows the note it names.
 * The note carried in a repost's content is signed by its author, not by the reposter, so it is
 * shown only once its own signature holds; otherwise (or when the content is empty) the note is
 * fetched by the e tag's id, with one request for a whole page, and at once from the e tag's
 * relay hint when that relay is not in the pool (NIP-18).
 */
import type { QueryClient } from '@tanstack/react-query'
import type { NostrEvent } from 'nostr-tools/pure'
import { type FeedEntry, noteEntry, repostEntry, repostInfo } from '../../core/feed/feed-entry.ts'
import { parseRepost, REPOST_KIND, type Repost, TEXT_NOTE_KIND } from '../../core/feed/nip18.ts'
import { type Note, toNote } from '../../core/feed/note.ts'
import { hintRelays } from '../../core/relays/hint-relays.ts'
import { outsidePool } from '../../core/relays/pool-urls.ts'
import type { ReadRoutes } from '../relays/read-routes.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { queryEach, type RoutedRequest } from '../relays/routed-query.ts'
import type { Verifier } from '../relays/verifier.ts'
import { noteKey } from './note-queries.ts'

export interface ResolveDeps {
  hub: RelayHub
  /** Checks carried notes; without one they are fetched instead. */
  verifier?: Verifier
  /** Found notes are shared as ['note', id], so opening one needs no request. */
  queryClient?: QueryClient
  /** Where the pool is, for the e tags' relay hints; absent: the pool only. */
  routes?: ReadRoutes
}

/** The reposted notes by id on the relays their reposts hint at, where the pool does not reach. */
function hintedRequests(
  routes: ReadRoutes | undefined,
  reposts: readonly Repost[],
  ids: readonly string[],
): RoutedRequest[] {
  if (!routes) return []
  const pool = routes.pool()
  return ids.flatMap((id) => {
    const hinted = reposts.filter((r) => r.target.id === id).map((r) => r.target.relays)
    const relays = hintRelays([outsidePool(hinted.flat(), pool)])
    if (relays.length === 0) return []
    const filters = [{ kinds: [TEXT_NOTE_KIND], ids: [id], limit: 1 }]
    return [{ relays, filters, reason: { kind: 'hint', id } } satisfies RoutedRequest]
  })
}

async function carriedNote(repost: Repost, verifier: Verifier | undefined, now: number) {
  const { embedded } = repost
  if (!embedded || !verifier) return null
  return (await verifier.verify(embedded)) ? toNote(embedded, now) : null
}

/** Rows for the events, in their order; a repost whose note cannot be found has note null. */
export async function resolveEntries(
  { hub, verifier, queryClient, routes }: ResolveDeps,
  events: readonly NostrEvent[],
): Promise<FeedEntry[]> {
  const now = Date.now()
  const reposts = new Map<string, Repost>()
  for (const event of events) {
    const repost = event.kind === REPOST_KIND ? parseRepost(event) : null
    if (repost) reposts.set(event.id, repost)
  }
  const notes = new Map<string, Note>()
  await Promise.all(
    [...reposts.values()].map(async (repost) => {
      const note = await carriedNote(repost, verifier, now)
      if (note) notes.set(note.id, note)
    }),
  )
  const missing = [...new Set([...reposts.values()].map((r) => r.target.id))].filter(
    (id) => !notes.has(id),
  )
  const byIds = (ids: readonly string[]) =>
    hub.query([{ kinds: [TEXT_NOTE_KIND], ids: [...ids], limit: ids.length }])
  const keep = (events: readonly NostrEvent[], wanted: readonly string[]) => {
    for (const event of events)
      if (wanted.includes(event.id)) notes.set(event.id, toNote(event, now))
  }
  if (missing.length > 0) {
    const [found, hinted] = await Promise.all([
      byIds(missing),
      queryEach(hub, hintedRequests(routes, [...reposts.values()], missing)),
    ])
    keep([...found, ...hinted.found.map((sourced) => sourced.event)], missing)
    // The wait is tuned to the relay's usual pace, and a busy relay answered an id just after it
    // (seen: 1.3 s after a 1 s wait): asked once more, a late note is not taken for a lost one.
    const late = missing.filter((id) => !notes.has(id))
    if (late.length > 0) keep(await byIds(late), late)
  }
  for (const note of notes.values()) {
    if (queryClient?.getQueryData(noteKey(note.id)) === undefined) {
      queryClient?.setQueryData(noteKey(note.id), note)
    }
  }

  const entries: FeedEntry[] = []
  for (const event of events) {
    if (event.kind === TEXT_NOTE_KIND) {
      entries.push(noteEntry(toNote(event, now)))
      continue
    }
    const repost = reposts.get(event.id)
    if (!repost) continue
    entries.push(repostEntry(repostInfo(event, repost.target), notes.get(repost.target.id) ?? null))
  }
  return entries
}
