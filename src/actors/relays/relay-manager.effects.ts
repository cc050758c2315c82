/**
 * The dynamic relay manager, linked to the pool it judges: the manager sees the pool's health
 * records, rejected-event counts and relay set; its decisions (add a recommended or fallback
 * relay, demote a forged, unhealthy or slow one) become pool events.
 */
import { type ActorOptions, type AnyActorLogic, createActor } from 'xstate'
import type { RuntimeConfig } from '../../core/platform/runtime-config.ts'
import {
  type RelayManagerActorRef,
  relayManagerMachine,
} from '../../machines/relay-manager.machine.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'

/** The manager for the configuration's relays, started and linked to the running pool. */
export function startRelayManager(
  pool: RelayPoolActorRef,
  config: RuntimeConfig,
  inspect?: ActorOptions<AnyActorLogic>['inspect'],
): RelayManagerActorRef {
  const manager = createActor(relayManagerMachine, {
    input: {
      recommended: config.recommendedRelays,
      fallback: config.fallbackRelays,
      blacklist: config.blacklistedRelays,
      active: config.relays.map((relay) => relay.url),
    },
    inspect,
  }).start()
  linkRelayManager(pool, manager)
  return manager
}

export function linkRelayManager(pool: RelayPoolActorRef, manager: RelayManagerActorRef): void {
  const urls = () => pool.getSnapshot().context.entries.map((entry) => entry.url)
  manager.on('manager.add', ({ url, permission }) =>
    pool.send({ type: 'pool.add', url, permission }),
  )
  manager.on('manager.remove', ({ url }) => pool.send({ type: 'pool.remove', url }))
  let seen = pool.getSnapshot().context
  manager.send({ type: 'manager.activeSet', urls: urls() })
  // Started after the pool: what its health records say by now.
  manager.send({ type: 'manager.health', health: seen.health, rejected: seen.rejected })
  pool.subscribe(({ context }) => {
    if (context.health !== seen.health || context.rejected !== seen.rejected) {
      manager.send({ type: 'manager.health', health: context.health, rejected: context.rejected })
    }
    if (context.entries !== seen.entries) manager.send({ type: 'manager.activeSet', urls: urls() })
    seen = context
  })
}
