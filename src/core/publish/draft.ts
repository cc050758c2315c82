/**
 * Drafts of what the user is writing, one per account and per context (a new note, a reply to a
 * note, a quote of a note), so a reload or a failed publish loses nothing. Stored under
 * `plumeDraft:{account}:{context}`; a visitor's drafts under the account `visitor`.
 */
import { containsSecretKey } from './compose-note.ts'

export type DraftContext =
  | { kind: 'note' }
  | { kind: 'reply'; id: string }
  | { kind: 'quote'; id: string }

export const DRAFT_PREFIX = 'plumeDraft:'
export const VISITOR = 'visitor'

/** 'note', 'reply:{id}' or 'quote:{id}'. */
export const draftContextName = (context: DraftContext): string =>
  context.kind === 'note' ? 'note' : `${context.kind}:${context.id}`

export const draftKey = (account: string | null, context: DraftContext): string =>
  `${DRAFT_PREFIX}${account ?? VISITOR}:${draftContextName(context)}`

/**
 * Whether this text may be kept on the device: not blank (nothing to keep) and holding no secret
 * key (secrets never go to localStorage).
 */
export const isStorableDraft = (text: string): boolean =>
  text.trim() !== '' && !containsSecretKey(text)

/**
 * The text to show after the account changed (a log in, a switch, a sign out): a visitor's text
 * moves into the account it logged in to when that account has no draft here (and is then no
 * longer the visitor's); otherwise the new account's own draft (or nothing) replaces it, so no one
 * publishes another's words.
 */
export function draftAfterAccountChange(
  from: string | null,
  to: string | null,
  text: string,
  stored: string | null,
): { text: string; moved: boolean } {
  if (from === null && to !== null && stored === null && text !== '') return { text, moved: true }
  return { text: stored ?? '', moved: false }
}
