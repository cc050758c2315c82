/**
 * The note-delete machine's effects: the kind 5 (NIP-09) signed by the user's signer and sent to
 * each target relay on its own (every relay's answer is known; one acceptance is success), and
 * the note taken out of every view at once and put back when no relay took the request
 * (actors/feed/deleted-notes.ts). The composition root holds the one actor, started on first use
 * (the note menu's Delete, not the feed's).
 */
import { fromPromise } from 'xstate'
import { deletionTemplate } from '../../core/feed/nip09.ts'
import type { Note } from '../../core/feed/note.ts'
import {
  DELETE_MESSAGES,
  type DeleteRequest,
  type DeleteTarget,
  deleteTargets,
} from '../../core/publish/note-delete.ts'
import { canWrite } from '../../core/relays/relay-permission.ts'
import type {
  NoteDeleteActorRef,
  PublishDeletionInput,
  PublishedDeletion,
} from '../../machines/note-delete.machine.ts'
import type { PoolEntry } from '../../machines/relay-pool.machine.ts'
import type { DeletedNotes } from '../feed/deleted-notes.ts'
import { publishEach } from '../people/own-events.ts'
import { browserOnline } from '../platform/online.ts'
import type { Signer } from '../platform/signer.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { SIGNER_MISMATCH } from '../relays/relay-list.effects.ts'

export interface NoteDeleteDeps {
  hub: Pick<RelayHub, 'publish'>
  /** The signer of whoever is logged in now. */
  signer(): Signer
  deleted: Pick<DeletedNotes, 'add' | 'remove'>
  /** Seconds clock for created_at. */
  now?: () => number
  /** The browser reports a network (navigator.onLine). */
  online?: () => boolean
}

export function noteDeleteEffects({ hub, signer, deleted, now, online }: NoteDeleteDeps) {
  const seconds = now ?? (() => Math.floor(Date.now() / 1000))
  const isOnline = online ?? browserOnline
  return {
    actors: {
      publishDeletion: fromPromise<PublishedDeletion, PublishDeletionInput>(async ({ input }) => {
        // Not queued offline: the note came back, and the user can try again once online.
        if (!isOnline()) throw new Error(DELETE_MESSAGES.offline)
        const event = await signer().signEvent(
          deletionTemplate(input.note, seconds(), input.reason),
        )
        // A signer for another account (an extension switched meanwhile) must not speak for this one.
        if (event.pubkey !== input.user) throw new Error(SIGNER_MISMATCH)
        const results = await publishEach(hub, event, input.relays)
        return { event, results }
      }),
    },
    actions: {
      hide: (_: unknown, note: DeleteTarget) => deleted.add([note.id]),
      rollback: (_: unknown, note: DeleteTarget) => deleted.remove([note.id]),
    },
  }
}

/** What the note menu and its dialog use: the actor and the ways to ask it. */
export interface NoteDelete {
  actor: NoteDeleteActorRef
  /** Asks to delete this note, as the machine checks it (who can sign now, the relays). */
  request(note: Note): void
  /** Delete, or try again, with the reason typed ('' for none). */
  confirm(reason: string): void
  cancel(): void
}

export interface NoteDeleteRequestDeps {
  /** Who is logged in and can sign, or null. */
  user(): string | null
  /** The relay pool's entries, once it runs. */
  pool(): readonly PoolEntry[] | undefined
  /** The relays a verified copy of the note came from. */
  seenOn(id: string): readonly string[]
}

/** The request as the machine checks it: the user's write relays and those the note was seen on. */
export function noteDeleteRequest(
  { user, pool, seenOn }: NoteDeleteRequestDeps,
  note: Note,
): DeleteRequest {
  const entries = pool()
  const writeRelays = (entries ?? [])
    .filter((entry) => canWrite(entry.permission))
    .map((entry) => entry.url)
  return {
    note: { id: note.id, pubkey: note.pubkey, kind: 1 },
    user: user(),
    ready: entries !== undefined,
    relays: deleteTargets(writeRelays, seenOn(note.id)),
  }
}
