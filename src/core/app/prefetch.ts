/**
 * Prefetch on intent (spec §2, §9): hovering or touching an internal link to /, /note/, /npub/ or
 * /create for 80 ms prefetches the screen's code and its data; never on a data-saver or 2g
 * connection, never for an identifier that does not decode.
 */
import { parseNoteParam, parseProfileParam } from './route-ids.ts'

/** Hover delay before a prefetch (spec §9). */
export const PREFETCH_HOVER_DELAY_MS = 80

/** What the Network Information API tells (navigator.connection); absent in many browsers. */
export interface ConnectionHints {
  saveData?: boolean
  effectiveType?: string
}

const SLOW_CONNECTIONS = new Set(['2g', 'slow-2g'])

/** Whether prefetching is allowed: not in data-saver mode, not on 2g or slow-2g. */
export function prefetchAllowed(connection: ConnectionHints | null | undefined): boolean {
  if (!connection) return true
  if (connection.saveData === true) return false
  return !SLOW_CONNECTIONS.has(connection.effectiveType ?? '')
}

export type PrefetchTarget =
  /** The screen's code only: its data is already live (the feed) or it has none (create). */
  { kind: 'screen' } | { kind: 'note'; id: string } | { kind: 'profile'; pubkey: string }

/** What a link's path prefetches, or null: not a prefetched screen, or an undecodable id. */
export function prefetchTarget(pathname: string): PrefetchTarget | null {
  if (pathname === '/' || pathname === '/create') return { kind: 'screen' }
  const segments = pathname.split('/')
  // ['', 'note', id] and ['', 'npub', param, ...tab]
  const param = segments[2] ? safeDecode(segments[2]) : null
  if (param === null) return null
  if (segments[1] === 'note' && segments.length === 3) {
    const note = parseNoteParam(param)
    return note ? { kind: 'note', id: note.id } : null
  }
  if (segments[1] === 'npub') {
    const profile = parseProfileParam(param)
    return profile ? { kind: 'profile', pubkey: profile.pubkey } : null
  }
  return null
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}
