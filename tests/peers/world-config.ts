/**
 * The app's runtime config for the many-relay world: the two general relays are the default pool
 * (read and write), the indexer joins the pool as an indexer (asked only for kinds 0, 3, 10002 and
 * the like, src/core/relays/indexer-routing.ts) and is the config's known indexer, as purplepag.es
 * is in public/config.json. The small and hint-only relays are in no config: only relay lists and
 * hints lead to them.
 */
import { localRuntimeConfig, type RuntimeConfig } from '../../src/core/platform/runtime-config.ts'
import type { WorldRelays } from './seed/relays.ts'

export function worldRuntimeConfig(
  relays: Pick<WorldRelays, 'general' | 'indexer'>,
): RuntimeConfig {
  const pool = [...new Set(relays.general)]
  const config = localRuntimeConfig(pool)
  // One relay in every role (the single-relay world): it is the pool, nothing more.
  if (pool.includes(relays.indexer)) return config
  return {
    ...config,
    relays: [...config.relays, { url: relays.indexer, permission: 'indexer' }],
    indexerRelays: [relays.indexer],
  }
}
