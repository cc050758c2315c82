/**
 * Auxiliary relays: short-lived connections to relays outside the user's pool, opened when a
 * request names them (an author's NIP-65 write relays, a tagged person's read relays, a NIP-19 or
 * tag relay hint, a recipient's NIP-61 relays, a NIP-46 signer). The pure rules: which relays may
 * be opened, which connection gives way when the socket budget is spent, and when an unused one
 * closes.
 *
 * One budget for every socket the app opens to relays (spec README decisions: "the pool caps open
 * sockets at 20"): the pool's open sockets count first; auxiliary connections get the rest.
 */

import type { RelayReason } from './relay-reason.ts'
import { isLoopbackRelay, RELAY_BLACKLISTED } from './relay-url.ts'

/** Sockets open at once, the pool's and the auxiliary ones together (spec §9: max 20). */
export const SOCKET_BUDGET = 20
/** Ticks of the idle check between closes: an unused connection lives 20 to 30 s. */
export const AUX_TICK_MS = 10_000
export const AUX_IDLE_TICKS = 2
/** Reasons kept per connection, newest last: enough to say why, bounded under hostile hints. */
export const AUX_REASONS_KEPT = 6
/** Refusals kept for the Auxiliary Relays modal, newest last. */
export const AUX_REFUSALS_KEPT = 20

export const auxBudgetFull = (budget: number, url: string): string =>
  `Not opened: all ${budget} sockets are in use (${url})`
export const AUX_PLAIN_WS = 'Not opened: plain ws:// is only allowed on this device'

export interface AuxLink {
  url: string
  /** Why it was opened and used since, newest last (at most AUX_REASONS_KEPT). */
  reasons: RelayReason[]
  /** Open subscriptions that name it. */
  users: number
  /** Idle checks passed with no user and no new request. */
  idleTicks: number
  /** When it was last asked for, on the machine's request counter: the least recent gives way. */
  lastUsed: number
}

export interface AuxRefusal {
  url: string
  message: string
}

/** Why this relay may not be opened, or null when it may (the URL is normalized already). */
export function auxRefusal(url: string, blacklist: readonly string[]): string | null {
  if (blacklist.includes(url)) return RELAY_BLACKLISTED
  if (url.startsWith('ws://') && !isLoopbackRelay(url)) return AUX_PLAIN_WS
  return null
}

/** The reasons with this one added, without repeats, newest last, bounded. */
export function withReason(reasons: readonly RelayReason[], reason: RelayReason): RelayReason[] {
  const key = JSON.stringify(reason)
  const others = reasons.filter((kept) => JSON.stringify(kept) !== key)
  return [...others, reason].slice(-AUX_REASONS_KEPT)
}

/** The connection to close first to make room: unused ones, least recently asked for first. */
export function leastNeeded(links: readonly AuxLink[], onlyUnused: boolean): AuxLink | undefined {
  const candidates = onlyUnused ? links.filter((link) => link.users === 0) : [...links]
  return candidates.sort((a, b) => a.users - b.users || a.lastUsed - b.lastUsed)[0]
}

/** Connections past their idle time after one more idle check. */
export const idleExpired = (links: readonly AuxLink[]): AuxLink[] =>
  links.filter((link) => link.users === 0 && link.idleTicks + 1 >= AUX_IDLE_TICKS)

/** The refusals with this one added, newest last, bounded. */
export const withRefusal = (refused: readonly AuxRefusal[], refusal: AuxRefusal): AuxRefusal[] =>
  [...refused.filter((kept) => kept.url !== refusal.url), refusal].slice(-AUX_REFUSALS_KEPT)
