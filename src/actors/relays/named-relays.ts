/**
 * The relays outside the pool that open subscriptions name (auxiliary ones, and those the hub does
 * not hold yet): per subscription, which and why; per relay, how many subscriptions name it, told
 * to `onUsers` whenever that changes (a short-lived connection no subscription names may close).
 */
import type { RelayReason } from '../../core/relays/relay-reason.ts'

export interface NamedRelays {
  /** Subscription `id` names these relays (normalized URLs) outside the pool, for this reason. */
  name(id: string, urls: readonly string[], reason: RelayReason | undefined): void
  /** Subscription `id` has ended: it names none any more. */
  forget(id: string): void
  /** How many open subscriptions name this relay (normalized URL). */
  users(url: string): number
  /** Every relay named, with why, once per subscription that names it. */
  named(): Iterable<{ url: string; reason: RelayReason | undefined }>
}

export function createNamedRelays(onUsers?: (url: string, users: number) => void): NamedRelays {
  const namedBy = new Map<string, { urls: readonly string[]; reason: RelayReason | undefined }>()
  const users = new Map<string, number>()

  function count(urls: readonly string[], delta: number) {
    for (const url of urls) {
      const next = (users.get(url) ?? 0) + delta
      if (next > 0) users.set(url, next)
      else users.delete(url)
      onUsers?.(url, next)
    }
  }

  return {
    name(id, urls, reason) {
      if (urls.length === 0) return
      namedBy.set(id, { urls, reason })
      count(urls, 1)
    },
    forget(id) {
      count(namedBy.get(id)?.urls ?? [], -1)
      namedBy.delete(id)
    },
    users: (url) => users.get(url) ?? 0,
    *named() {
      for (const { urls, reason } of namedBy.values()) for (const url of urls) yield { url, reason }
    },
  }
}
