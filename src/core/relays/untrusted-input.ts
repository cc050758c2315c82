/**
 * What the app takes from a relay at all, checked before any work is spent on it: a relay may
 * send anything, and one hostile relay must not freeze the page or poison its state.
 */
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'

/**
 * The longest frame parsed, in UTF-16 code units (the length of the WebSocket's text). Relays
 * cap what they accept at 64-128 KiB (strfry's maxEventSize 64 KiB, NIP-11 `max_message_length`
 * of common relays 128 KiB); 512 KiB leaves room for the largest real events (a contact list of
 * thousands of follows, a long article) while a 50 MB frame is dropped unread.
 */
export const MAX_FRAME_CHARS = 512 * 1024

/** How far ahead of this device's clock an event may be dated (strfry refuses over 900 s ahead). */
export const MAX_FUTURE_SECONDS = 15 * 60

/**
 * The most events of one relay a subscription has waiting for their signature check at once: two
 * verify batches (actors/relays/verifier.ts, 256 events each). The checks are queued in arrival
 * order for every subscription alike, so a relay flooding one subscription with thousands of
 * events would hold up every other screen's events behind them; past this, its events are
 * dropped (and counted against it) until its checks catch up.
 */
export const MAX_VERIFYING_PER_RELAY = 512

/** Why a relay's input was dropped unused. */
export type DropReason = 'oversized' | 'future' | 'flood'

export const isOversizedFrame = (data: string): boolean => data.length > MAX_FRAME_CHARS

export const isDatedAhead = (event: NostrEvent, nowMs: number): boolean =>
  event.created_at > Math.floor(nowMs / 1000) + MAX_FUTURE_SECONDS

/**
 * The most stored events one relay may send for these filters before its EOSE: the sum of their
 * limits, or no bound when one filter has none (the relay's own default applies then).
 */
export function storedEventsBound(filters: readonly Filter[]): number {
  let sum = 0
  for (const filter of filters) {
    if (filter.limit === undefined) return Number.POSITIVE_INFINITY
    sum += Math.max(0, filter.limit)
  }
  return sum
}
