/**
 * Runs the dynamic relay manager beside the pool: it sees the pool's health records and relay set,
 * and its decisions (add a recommended or fallback relay, demote an unhealthy or slow one) become
 * pool events.
 */
import { type Actor, type ActorOptions, type AnyActorLogic, createActor } from 'xstate'
import type { RuntimeConfig } from '../core/runtime-config.ts'
import { relayManagerMachine } from '../machines/relay-manager.machine.ts'
import type { RelayPoolActorRef } from '../machines/relay-pool.machine.ts'

export function startRelayManager(
  pool: RelayPoolActorRef,
  config: RuntimeConfig,
  inspect?: ActorOptions<AnyActorLogic>['inspect'],
): Actor<typeof relayManagerMachine> {
  const urls = () => pool.getSnapshot().context.entries.map((entry) => entry.url)
  const manager = createActor(relayManagerMachine, {
    input: {
      recommended: config.recommendedRelays,
      fallback: config.fallbackRelays,
      blacklist: config.blacklistedRelays,
      active: urls(),
    },
    inspect,
  })
  manager.on('manager.add', ({ url, permission }) =>
    pool.send({ type: 'pool.add', url, permission }),
  )
  manager.on('manager.remove', ({ url }) => pool.send({ type: 'pool.remove', url }))
  let seen = pool.getSnapshot().context
  pool.subscribe(({ context }) => {
    if (context.health !== seen.health)
      manager.send({ type: 'manager.health', health: context.health })
    if (context.entries !== seen.entries) manager.send({ type: 'manager.activeSet', urls: urls() })
    seen = context
  })
  return manager.start()
}
