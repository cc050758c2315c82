/** NIP-01 framing: the messages a client sends and parses. */
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'

export type RelayMessage =
  | { type: 'EVENT'; subId: string; event: NostrEvent }
  | { type: 'EOSE'; subId: string }
  | { type: 'CLOSED'; subId: string; reason: string }
  | { type: 'OK'; eventId: string; accepted: boolean; message: string }
  | { type: 'NOTICE'; message: string }
  | { type: 'AUTH'; challenge: string }

const HEX64 = /^[0-9a-f]{64}$/
const HEX128 = /^[0-9a-f]{128}$/

/** True when the value has the shape of a signed event (not whether the signature holds). */
export function isEventShaped(value: unknown): value is NostrEvent {
  if (typeof value !== 'object' || value === null) return false
  const e = value as Record<string, unknown>
  return (
    typeof e.id === 'string' &&
    HEX64.test(e.id) &&
    typeof e.pubkey === 'string' &&
    HEX64.test(e.pubkey) &&
    typeof e.sig === 'string' &&
    HEX128.test(e.sig) &&
    Number.isInteger(e.kind) &&
    Number.isInteger(e.created_at) &&
    typeof e.content === 'string' &&
    Array.isArray(e.tags) &&
    e.tags.every((tag) => Array.isArray(tag) && tag.every((item) => typeof item === 'string'))
  )
}

/** Parses one relay frame; anything malformed is null (a relay's garbage must not throw). */
export function parseRelayMessage(data: string): RelayMessage | null {
  let frame: unknown
  try {
    frame = JSON.parse(data)
  } catch {
    return null
  }
  if (!Array.isArray(frame) || typeof frame[0] !== 'string') return null
  const [type, a, b, c] = frame as [string, unknown, unknown, unknown]
  switch (type) {
    case 'EVENT':
      return typeof a === 'string' && isEventShaped(b) ? { type, subId: a, event: b } : null
    case 'EOSE':
      return typeof a === 'string' ? { type, subId: a } : null
    case 'CLOSED':
      return typeof a === 'string'
        ? { type, subId: a, reason: typeof b === 'string' ? b : '' }
        : null
    case 'OK':
      return typeof a === 'string' && typeof b === 'boolean'
        ? { type, eventId: a, accepted: b, message: typeof c === 'string' ? c : '' }
        : null
    case 'NOTICE':
      return typeof a === 'string' ? { type, message: a } : null
    case 'AUTH':
      return typeof a === 'string' ? { type, challenge: a } : null
    default:
      return null
  }
}

export const reqMessage = (subId: string, filters: Filter[]): string =>
  JSON.stringify(['REQ', subId, ...filters])

export const closeMessage = (subId: string): string => JSON.stringify(['CLOSE', subId])

export const eventMessage = (event: NostrEvent): string => JSON.stringify(['EVENT', event])
