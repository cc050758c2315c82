/**
 * A hub whose publishes carry a reason: for helpers that send to a list of relays one by one
 * (own-events.ts publishEach), so the relays outside the pool among them are opened for it.
 */
import type { RelayReason } from '../../core/relays/relay-reason.ts'
import type { RelayHub } from './relay-hub.ts'

export function publishWithReason(
  hub: Pick<RelayHub, 'publish'>,
  reason: RelayReason,
): Pick<RelayHub, 'publish'> {
  return { publish: (event, relays, options) => hub.publish(event, relays, options ?? { reason }) }
}
