/**
 * Deleting one's own notes (NIP-09): the note-delete machine's one actor with the app's effects,
 * loaded on first use (the note menu's Delete), never on the first note's path.
 */
import { createActor } from 'xstate'
import { canSign, type LoginActorRef } from '../../machines/login.machine.ts'
import { noteDeleteMachine } from '../../machines/note-delete.machine.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import type { DeletedNotes } from '../feed/deleted-notes.ts'
import type { Signer } from '../platform/signer.ts'
import {
  type NoteDelete,
  noteDeleteEffects,
  noteDeleteRequest,
} from '../publish/note-delete.effects.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

export interface NoteDeleteDeps {
  hub: Pick<RelayHub, 'publish' | 'seenOn'>
  /** The signer of whoever is logged in now. */
  signer(): Signer
  /** The relay pool, once it runs. */
  pool(): RelayPoolActorRef | undefined
  login: LoginActorRef
  deleted: DeletedNotes
}

export function startNoteDelete({ hub, signer, pool, login, deleted }: NoteDeleteDeps): NoteDelete {
  const actor = createActor(
    noteDeleteMachine.provide(noteDeleteEffects({ hub, signer, deleted })),
  ).start()
  const asker = {
    // A public key alone cannot sign: not logged in for this purpose; a locked key is unlocked
    // by the view before it asks.
    user: () => {
      const snapshot = login.getSnapshot()
      return snapshot.matches('signedIn') && canSign(snapshot) ? snapshot.context.pubkey : null
    },
    pool: () => pool()?.getSnapshot().context.entries,
    seenOn: (id: string) => hub.seenOn(id),
  }
  return {
    actor,
    request: (note) =>
      actor.send({ type: 'delete.requested', request: noteDeleteRequest(asker, note) }),
    confirm: (reason) => actor.send({ type: 'delete.confirmed', reason }),
    cancel: () => actor.send({ type: 'delete.cancelled' }),
  }
}
