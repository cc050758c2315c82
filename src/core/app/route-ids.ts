/**
 * The identifiers in route paths (spec §2, §5): /note/{noteId} takes a bech32 note or nevent,
 * /npub/{npub} an npub, an nprofile or 64 hex characters. Relay hints from nevent and nprofile
 * come along, so the page can ask where the note or the person is known to be.
 */
import { decode, neventEncode, noteEncode } from 'nostr-tools/nip19'
import { npubOf } from '../platform/npub.ts'
import { normalizeRelayUrls } from '../relays/relay-url.ts'

/** The route error for a profile parameter that is none of the accepted forms (§2). */
export const INVALID_NPUB = 'Invalid npub'
/** The route error for a note parameter that is neither a note nor an nevent. */
export const INVALID_NOTE_ID = 'Invalid note id'

const HEX64 = /^[0-9a-f]{64}$/i

export interface ProfileTarget {
  pubkey: string
  /** Relay hints (nprofile); empty otherwise. */
  relays: string[]
}

export interface NoteTarget {
  id: string
  /** Relay hints (nevent); empty otherwise. */
  relays: string[]
  /** The author, when the nevent names one. */
  author: string | null
}

function decodeSafely(value: string): ReturnType<typeof decode> | null {
  try {
    return decode(value)
  } catch {
    return null
  }
}

/** The pubkey an /npub/ parameter names, or null when it names none (show INVALID_NPUB). */
export function parseProfileParam(param: string): ProfileTarget | null {
  const value = param.trim()
  if (HEX64.test(value)) return { pubkey: value.toLowerCase(), relays: [] }
  const decoded = decodeSafely(value)
  if (decoded?.type === 'npub') return { pubkey: decoded.data, relays: [] }
  if (decoded?.type === 'nprofile') {
    return { pubkey: decoded.data.pubkey, relays: normalizeRelayUrls(decoded.data.relays ?? []) }
  }
  return null
}

/** The note a /note/ parameter names, or null when it names none. */
export function parseNoteParam(param: string): NoteTarget | null {
  const decoded = decodeSafely(param.trim())
  if (decoded?.type === 'note') return { id: decoded.data, relays: [], author: null }
  if (decoded?.type === 'nevent') {
    return {
      id: decoded.data.id,
      relays: normalizeRelayUrls(decoded.data.relays ?? []),
      author: decoded.data.author ?? null,
    }
  }
  return null
}

/**
 * The note a URL query parameter names (spec §2: thread={id}, reply={id}, repost={id}, zap={id}):
 * what /note/ takes (note1, nevent1), or the 64 hex the app writes itself, in either case; null
 * for anything else (shown as INVALID_NOTE_ID, as /note/ does).
 */
export function parseNoteSearchParam(value: string): NoteTarget | null {
  const param = value.trim()
  if (HEX64.test(param)) return { id: param.toLowerCase(), relays: [], author: null }
  return parseNoteParam(param)
}

/** The path segment for a profile: its npub. */
export const profileParam = (pubkey: string): string => npubOf(pubkey)

/** The path segment for a note: a note id, or an nevent when there are hints worth carrying. */
export function noteParam(id: string, hints: { relays?: string[]; author?: string } = {}): string {
  const relays = hints.relays ?? []
  if (relays.length === 0 && !hints.author) return noteEncode(id)
  return neventEncode({ id, relays: relays.slice(0, 2), author: hints.author })
}
