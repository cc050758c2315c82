/**
 * Links the dynamic relay manager to the pool it judges: the manager sees the pool's health
 * records, rejected-event counts and relay set; its decisions (add a recommended or fallback
 * relay, demote a forged, unhealthy or slow one) become pool events.
 */
import type { RelayManagerActorRef } from '../../machines/relay-manager.machine.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'

export function linkRelayManager(pool: RelayPoolActorRef, manager: RelayManagerActorRef): void {
  const urls = () => pool.getSnapshot().context.entries.map((entry) => entry.url)
  manager.on('manager.add', ({ url, permission }) =>
    pool.send({ type: 'pool.add', url, permission }),
  )
  manager.on('manager.remove', ({ url }) => pool.send({ type: 'pool.remove', url }))
  let seen = pool.getSnapshot().context
  manager.send({ type: 'manager.activeSet', urls: urls() })
  pool.subscribe(({ context }) => {
    if (context.health !== seen.health || context.rejected !== seen.rejected) {
      manager.send({ type: 'manager.health', health: context.health, rejected: context.rejected })
    }
    if (context.entries !== seen.entries) manager.send({ type: 'manager.activeSet', urls: urls() })
    seen = context
  })
}
