/**
 * Deleting one's own note (NIP-09, core/feed/nip09.ts): who may, where the request goes, and what
 * the user is told. The request goes to the user's write relays and to every relay the note was
 * seen on, since those are the ones that hold it; it is done once one of them accepts it.
 */

import { publishProblem } from '../relays/publish-checks.ts'
import { normalizeRelayUrl } from '../relays/relay-url.ts'

/** Ours, where the spec is silent. */
export const DELETE_MESSAGES = {
  signInRequired: 'Log in to delete your notes',
  notOwn: 'Only its author can delete a note',
  /** No relay accepted the request: the note is shown again. */
  failed: 'Delete failed',
  offline: 'You are offline: the deletion was not sent. Try again once you are back online.',
  /** Said once a relay accepted the request. */
  done: 'Note deleted',
} as const

/** What the confirmation says happens. */
export const DELETE_EXPLANATION =
  'Your relays, and the relays this note was seen on, are asked to delete it. Copies elsewhere may remain: relays that do not honour deletions, and anyone who saved it already.'

/** The note to delete: its id, its author and its kind. */
export interface DeleteTarget {
  id: string
  pubkey: string
  kind: number
}

export interface DeleteRequest {
  note: DeleteTarget
  /** Who is logged in and can sign (hex), or null. */
  user: string | null
  /** The relay pool runs. */
  ready: boolean
  /** Where the request would go (deleteTargets). */
  relays: readonly string[]
}

/** Why this note cannot be deleted now, or null when it can. */
export function deleteProblem(request: DeleteRequest): string | null {
  const unpublishable = publishProblem({ clientReady: request.ready, relays: request.relays })
  if (unpublishable) return unpublishable
  if (request.user === null) return DELETE_MESSAGES.signInRequired
  if (request.user.toLowerCase() !== request.note.pubkey.toLowerCase())
    return DELETE_MESSAGES.notOwn
  return null
}

/**
 * The user's write relays, then the relays the note was seen on, each once however it is spelled
 * (the first spelling kept: the pool's, which the hub holds it under).
 */
export function deleteTargets(writeRelays: readonly string[], seenOn: readonly string[]): string[] {
  const seen = new Set<string>()
  const targets: string[] = []
  for (const url of [...writeRelays, ...seenOn]) {
    const key = normalizeRelayUrl(url) ?? url
    if (seen.has(key)) continue
    seen.add(key)
    targets.push(url)
  }
  return targets
}
