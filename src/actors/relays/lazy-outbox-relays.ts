/**
 * Outbox routing (outbox-relays.ts) with its code loaded on first use, off the first note's path:
 * people's relay lists, the outbox plan and their core modules serve Follow Only, a profile, a
 * thread, publishing and zaps, never the everyone feed (2 KiB gzip, with Follow Only's paging).
 * Every method of OutboxRelays is asynchronous already: the first call loads the code, and every
 * call after goes to the one router.
 */
import { loadOnce } from '../platform/load-once.ts'
import type { OutboxOptions, OutboxRelays } from './outbox-relays.ts'
import type { RelayHub } from './relay-hub.ts'

/** The router's code: called ahead by what will soon route (Follow Only, before its first page). */
export const loadOutboxRelays = () => import('./outbox-relays.ts')

export function lazyOutboxRelays(hub: RelayHub, options: OutboxOptions = {}): OutboxRelays {
  const load = loadOnce(() =>
    loadOutboxRelays().then(({ createOutboxRelays }) => createOutboxRelays(hub, options)),
  )
  return {
    fetchRelays: async (pubkey) => (await load()).fetchRelays(pubkey),
    relaysOf: async (pubkey) => (await load()).relaysOf(pubkey),
    notesRelays: async (pubkey, pool) => (await load()).notesRelays(pubkey, pool),
    listsOf: async (authors) => (await load()).listsOf(authors),
    plan: async (authors, pool) => (await load()).plan(authors, pool),
  }
}
