/**
 * Reading a user's nutzap info (NIP-61 kind 10019) from the app's relays: light (no cashu-ts), so
 * a profile or the zap modal can ask whether someone takes ecash before the wallet loads.
 */
import type { Filter } from 'nostr-tools/filter'
import { NIP61_KINDS, type NutzapInfo, parseNutzapInfo } from '../../core/ecash/nip61.ts'
import { newestEvent } from '../../core/platform/event-order.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

/** A user's newest 10019 on the app's relays, read; null when they have none (or a bad one). */
export async function fetchNutzapInfo(
  hub: Pick<RelayHub, 'query'>,
  pubkey: string,
): Promise<NutzapInfo | null> {
  const filter: Filter = { kinds: [NIP61_KINDS.info], authors: [pubkey], limit: 1 }
  const events = await hub.query([filter])
  const newest = newestEvent(
    events.filter((e) => e.kind === NIP61_KINDS.info && e.pubkey === pubkey),
  )
  return newest ? parseNutzapInfo(newest) : null
}
