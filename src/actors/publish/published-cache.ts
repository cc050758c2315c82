/**
 * What the user just published, put where the app shows it, without waiting for a relay to send
 * it back: a note in its own query, in every feed it belongs to and on their profile, a reply in
 * its thread, a repost as a feed row and on their profile, and a like or a repost on the note's buttons (core/feed/own-actions.ts).
 */
import type { QueryClient } from '@tanstack/react-query'
import type { NostrEvent } from 'nostr-tools/pure'
import { noteEntry, repostEntry } from '../../core/feed/feed-entry.ts'
import { threadRefs } from '../../core/feed/nip10.ts'
import { parseRepost, REPOST_KIND, TEXT_NOTE_KIND } from '../../core/feed/nip18.ts'
import { mergeNotes, type Note, toNote } from '../../core/feed/note.ts'
import { ownActionKey } from '../../core/feed/own-actions.ts'
import { REACTION_KIND } from '../../core/feed/reaction.ts'
import type { PublishRequest } from '../../core/publish/publish-request.ts'
import { addLive } from '../feed/feed-queries.ts'
import { noteKey } from '../feed/note-queries.ts'
import { addProfileLive } from '../feed/profile-notes.ts'
import { threadKey } from '../feed/thread-queries.ts'

function rememberNote(queryClient: QueryClient, event: NostrEvent, note: Note): void {
  queryClient.setQueryData(noteKey(event.id), note)
  addLive(queryClient, [{ event, entry: noteEntry(note) }])
  addProfileLive(queryClient, event.pubkey, noteEntry(note))
  const { root } = threadRefs(event.tags)
  if (root) {
    queryClient.setQueryData<readonly Note[]>(threadKey(root), (pool) =>
      pool ? mergeNotes(pool, [note]) : pool,
    )
  }
}

function rememberRepost(queryClient: QueryClient, event: NostrEvent, now: number): void {
  const repost = parseRepost(event)
  if (!repost) return
  const original = repost.embedded ? toNote(repost.embedded, now) : null
  const info = {
    id: event.id,
    pubkey: event.pubkey,
    created_at: event.created_at,
    target: repost.target,
  }
  const entry = repostEntry(info, original)
  addLive(queryClient, [{ event, entry }])
  addProfileLive(queryClient, event.pubkey, entry)
  queryClient.setQueryData(ownActionKey('reposted', event.pubkey, repost.target.id), event.id)
}

export function rememberPublished(
  queryClient: QueryClient,
  { event, request }: { event: NostrEvent; request: PublishRequest },
  now: number = Date.now(),
): void {
  if (event.kind === TEXT_NOTE_KIND) rememberNote(queryClient, event, toNote(event, now))
  else if (event.kind === REPOST_KIND) rememberRepost(queryClient, event, now)
  else if (event.kind === REACTION_KIND && request.kind === 'reaction') {
    queryClient.setQueryData(ownActionKey('reacted', event.pubkey, request.target.id), event.id)
  }
}
