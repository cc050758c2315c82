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

/**
 * The time of a replaceable event that replaces one made at `previous`: now, or a second past it.
 * Relays keep the newer of two versions and, of two in the same second, the one with the lower id:
 * a change made within a second of the last could otherwise be dropped.
 */
export const replacementCreatedAt = (nowSeconds: number, previous: number | undefined): number =>
  Math.max(nowSeconds, (previous ?? 0) + 1)

/** NIP-01 kinds whose newest copy replaces the others: 0, 3, 10000-19999, 30000-39999. */
export const isReplaceableKind = (kind: number): boolean =>
  kind === 0 || kind === 3 || (kind >= 10_000 && kind < 20_000) || (kind >= 30_000 && kind < 40_000)
