/**
 * What every publish needs before anything is signed (spec lightning-and-ecash §5): a ready
 * client, relays to publish to and, when the event acts on another (a reaction, a repost, a quote,
 * a reply), a target with an id and an author. The texts are the spec's; checks run in that order.
 */
import { NO_RELAYS_CONFIGURED } from './relay-messages.ts'

export const PUBLISH_ERRORS = {
  clientNotReady: 'Nostr client not ready',
  noRelays: NO_RELAYS_CONFIGURED,
  invalidTarget: 'Invalid target event',
  quoteContentRequired: 'Quote repost content required',
  /** Signing needs an extension, an unlocked key or a remote signer (spec §6). */
  loginRequired: 'Login Required',
} as const

/** The event a reaction, repost, quote or reply acts on. */
export interface PublishTarget {
  id: string
  pubkey: string
}

export interface PublishConditions {
  /** The client runs: its configuration is loaded and its relay pool started. */
  clientReady: boolean
  /** The relays the event would go to. */
  relays: readonly string[]
  /**
   * The event acted on. Leave the key out for a publish without one (a new note, a list); given
   * and not a valid target (null or undefined included), it is refused.
   */
  target?: unknown
}

const HEX64 = /^[0-9a-f]{64}$/

/** An event id and an author pubkey, each 64 lower-case hex characters. */
export function isPublishTarget(value: unknown): value is PublishTarget {
  if (typeof value !== 'object' || value === null) return false
  const { id, pubkey } = value as Record<string, unknown>
  return (
    typeof id === 'string' && HEX64.test(id) && typeof pubkey === 'string' && HEX64.test(pubkey)
  )
}

/** The first condition that fails, as the spec's text, or null when the publish may go ahead. */
export function publishProblem(conditions: PublishConditions): string | null {
  if (!conditions.clientReady) return PUBLISH_ERRORS.clientNotReady
  if (conditions.relays.length === 0) return PUBLISH_ERRORS.noRelays
  if ('target' in conditions && !isPublishTarget(conditions.target)) {
    return PUBLISH_ERRORS.invalidTarget
  }
  return null
}

/** Throws an Error with the spec's text when a condition fails (see publishProblem). */
export function assertPublishable(conditions: PublishConditions): void {
  const problem = publishProblem(conditions)
  if (problem) throw new Error(problem)
}
