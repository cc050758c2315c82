/**
 * NIP-09 deletion requests (kind 5): an author asks relays and clients to delete events of their
 * own. A request names them by id (`e` tags) and, for addressable events, by coordinate (`a` tags,
 * `kind:pubkey:d`: every version up to the request's date), says which kinds it deletes (`k`
 * tags), and may give a reason as its content. Anyone can sign a kind 5 naming any id: a request
 * counts only for events by its own author (NIP-09: clients MUST check the pubkey), so a note is
 * deleted only when the request's pubkey is the note's.
 */
import type { Filter } from 'nostr-tools/filter'
import type { EventTemplate } from 'nostr-tools/pure'
import { withClientTag } from '../platform/nip89.ts'
import type { NoteRef } from './note.ts'

export const DELETION_KIND = 5
/** The kind a note is when the event says no other (core/feed/note.ts: notes are kind 1). */
const NOTE_KIND = 1

/** What the rule reads of a deletion request. */
export interface DeletionRequest {
  kind: number
  pubkey: string
  created_at: number
  tags: readonly (readonly string[])[]
}

/** What the rule reads of an event that may be deleted; without a kind, a kind 1 note. */
export interface DeletionTarget extends NoteRef {
  kind?: number
  created_at?: number
  tags?: readonly (readonly string[])[]
}

const isAddressable = (kind: number) => kind >= 30000 && kind < 40000

/** `kind:pubkey:d` of an addressable event, null for any other. */
export function coordinateOf(target: DeletionTarget): string | null {
  const kind = target.kind ?? NOTE_KIND
  if (!isAddressable(kind)) return null
  const d = target.tags?.find((tag) => tag[0] === 'd')?.[1] ?? ''
  return `${kind}:${target.pubkey.toLowerCase()}:${d}`
}

/**
 * Whether this request deletes this event: a kind 5 by the event's own author naming it, by id or
 * (an addressable event no newer than the request) by coordinate. A request by anyone else deletes
 * nothing.
 */
export function isDeletedBy(deletion: DeletionRequest, target: DeletionTarget): boolean {
  if (deletion.kind !== DELETION_KIND) return false
  if (deletion.pubkey.toLowerCase() !== target.pubkey.toLowerCase()) return false
  const id = target.id.toLowerCase()
  const coordinate = coordinateOf(target)
  const inTime = (target.created_at ?? 0) <= deletion.created_at
  return deletion.tags.some(
    ([name, value]) =>
      (name === 'e' && value?.toLowerCase() === id) ||
      (name === 'a' && coordinate !== null && value === coordinate && inTime),
  )
}

/** The ids of the targets that one of these requests deletes, in the targets' order. */
export function deletedAmong(
  deletions: readonly DeletionRequest[],
  targets: readonly DeletionTarget[],
): string[] {
  const requests = deletions.filter((event) => event.kind === DELETION_KIND)
  if (requests.length === 0) return []
  return targets
    .filter((target) => requests.some((deletion) => isDeletedBy(deletion, target)))
    .map((target) => target.id)
}

/**
 * The request that finds these notes' deletions: kind 5 by their authors naming them. A request
 * by anyone else would be ignored anyway; asking for the authors' only keeps them off the wire.
 */
export function deletionFilter(targets: readonly NoteRef[]): Filter {
  const ids = [...new Set(targets.map((target) => target.id))]
  return {
    kinds: [DELETION_KIND],
    authors: [...new Set(targets.map((target) => target.pubkey))],
    '#e': ids,
    limit: ids.length,
  }
}

/**
 * The deletion request for one of the user's own events: its id, for an addressable event its
 * coordinate, its kind, and the reason (trimmed; none when empty) as the content.
 */
export function deletionTemplate(
  target: DeletionTarget,
  createdAt: number,
  reason = '',
): EventTemplate {
  const coordinate = coordinateOf(target)
  return {
    kind: DELETION_KIND,
    created_at: createdAt,
    content: reason.trim(),
    tags: withClientTag([
      ['e', target.id],
      ...(coordinate ? [['a', coordinate]] : []),
      ['k', String(target.kind ?? NOTE_KIND)],
    ]),
  }
}
