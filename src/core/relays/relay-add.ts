/**
 * A relay the user adds in Relay Management (spec §2): the add field's checks (§5, relay-url.ts),
 * then the edit that adds it with the permission an added relay gets (§6, addedRelayPermission).
 */
import type { RuntimeConfig } from '../platform/runtime-config.ts'
import type { RelayEdit } from './relay-edits.ts'
import { addedRelayPermission } from './relay-list.ts'
import { validateNewRelay } from './relay-url.ts'

/** The edit to send, and what to say about it (a ws:// kept as wss://); or why it is refused. */
export type RelayAddition =
  | { edit: Extract<RelayEdit, { type: 'pool.add' }>; notice: string | null }
  | { error: string }

/** The parts of the runtime configuration an addition reads; null before it has loaded. */
export type AdditionConfig = Pick<
  RuntimeConfig,
  'blacklistedRelays' | 'indexerRelays' | 'profileRelays'
> | null

/**
 * The relays the client knows as indexers (§6): the configuration's indexer and profile relays,
 * which serve profiles, contact and relay lists and refuse notes. None before it has loaded.
 */
export const knownIndexers = (config: AdditionConfig): string[] =>
  config ? [...config.indexerRelays, ...config.profileRelays] : []

/**
 * What adding `input` to the relays `listed` (their URLs) does: refused when the field's checks
 * fail (empty, not a ws or wss URL, already listed, blacklisted), else the `pool.add` edit for
 * its normal form, as an indexer when the client knows it as one and readwrite otherwise.
 */
export function relayAddition(
  input: string,
  listed: readonly string[],
  config: AdditionConfig,
): RelayAddition {
  const result = validateNewRelay(input, listed, config?.blacklistedRelays)
  if ('error' in result) return { error: result.error }
  const permission = addedRelayPermission(result.url, knownIndexers(config))
  return { edit: { type: 'pool.add', url: result.url, permission }, notice: result.notice ?? null }
}
