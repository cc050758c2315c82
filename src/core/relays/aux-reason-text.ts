/**
 * Why a short-lived connection is open, in words, for the Auxiliary Relays modal: each
 * RelayReason (relay-reason.ts) as one line, people by the names the caller knows them by.
 */
import { noteEncode } from 'nostr-tools/nip19'
import type { RelayReason } from './relay-reason.ts'

/** A person's name as the app shows it (display name, else a short npub). */
export type NameOf = (pubkey: string) => string

/** Names spelled out in one line; the others are counted. */
export const REASON_NAMES_SHOWN = 3

export const REASON_SIGNER = 'Your remote signer'
export const REASON_OWN = 'Your relay list'
/** An outbox or inbox reason that names nobody (never sent by the app; said plainly if it is). */
export const REASON_OUTBOX_NOBODY = 'Notes by their authors'
export const REASON_INBOX_NOBODY = 'Reaching the people tagged'

const HEX64 = /^[0-9a-f]{64}$/

/** A note id as a short note1 (13 characters at each end, as a short npub, spec §9). */
export function shortNoteId(id: string): string {
  const note = HEX64.test(id) ? noteEncode(id) : id
  return note.length > 29 ? `${note.slice(0, 13)}…${note.slice(-13)}` : note
}

/** "a", "a and b", "a, b and c", "a, b, c and 2 others". */
function peopleText(pubkeys: readonly string[], nameOf: NameOf): string {
  const names = pubkeys.slice(0, REASON_NAMES_SHOWN).map(nameOf)
  const others = pubkeys.length - names.length
  if (others > 0) names.push(`${others} ${others === 1 ? 'other' : 'others'}`)
  const last = names.pop() ?? ''
  return names.length === 0 ? last : `${names.join(', ')} and ${last}`
}

/** One reason as the modal says it. */
export function reasonText(reason: RelayReason, nameOf: NameOf): string {
  switch (reason.kind) {
    case 'outbox':
      return reason.pubkeys.length === 0
        ? REASON_OUTBOX_NOBODY
        : `Notes by ${peopleText(reason.pubkeys, nameOf)}`
    case 'inbox':
      return reason.pubkeys.length === 0
        ? REASON_INBOX_NOBODY
        : `Reaching ${peopleText(reason.pubkeys, nameOf)}`
    case 'hint':
      return `Hint for note ${shortNoteId(reason.id)}`
    case 'nutzap':
      return `Nutzap to ${nameOf(reason.pubkey)}`
    case 'signer':
      return REASON_SIGNER
    case 'own':
      return REASON_OWN
  }
}

/**
 * A connection's reasons as the lines to show, newest first: every outbox reason is one line of
 * all their authors (newest first, no repeats), every inbox reason one line of all their people;
 * the others stay apart.
 */
export function mergedReasons(reasons: readonly RelayReason[]): RelayReason[] {
  const merged: RelayReason[] = []
  for (const reason of [...reasons].reverse()) {
    if (reason.kind !== 'outbox' && reason.kind !== 'inbox') {
      merged.push(reason)
      continue
    }
    const at = merged.findIndex((kept) => kept.kind === reason.kind)
    const kept = merged[at]
    if (kept && (kept.kind === 'outbox' || kept.kind === 'inbox')) {
      const pubkeys = [...new Set([...kept.pubkeys, ...reason.pubkeys])]
      merged[at] = { kind: kept.kind, pubkeys }
    } else {
      merged.push({ kind: reason.kind, pubkeys: [...new Set(reason.pubkeys)] })
    }
  }
  return merged
}

/** The people these lines (mergedReasons) name, to look their names up, without repeats. */
export function reasonPeople(lines: readonly RelayReason[]): string[] {
  const people = lines.flatMap((reason) => {
    if (reason.kind === 'outbox' || reason.kind === 'inbox') {
      return reason.pubkeys.slice(0, REASON_NAMES_SHOWN)
    }
    return reason.kind === 'nutzap' ? [reason.pubkey] : []
  })
  return [...new Set(people)]
}
