/**
 * Muting and unmuting a person (NIP-51 kind 10000, p tags; lightning-and-ecash §3, §5, §7): the
 * newest list is read and changed tag by tag, so muted hashtags, words and threads, the relay
 * hints and the encrypted private part in the content all survive. The published list carries a
 * tag naming the client (§3).
 */

import { withClientTag } from '../platform/nip89.ts'
import { replacementCreatedAt } from '../relays/nip01.ts'
import { PUBLISH_ERRORS, publishProblem } from '../relays/publish-checks.ts'
import { MUTE_LIST_KIND } from './mute-list.ts'

export type MuteAction = 'mute' | 'unmute'

/** The spec's texts (§5), and ours where it is silent (marked). */
export const MUTE_MESSAGES = {
  clientNotReady: PUBLISH_ERRORS.clientNotReady,
  noRelays: PUBLISH_ERRORS.noRelays,
  invalidTarget: { mute: 'Invalid pubkey to mute', unmute: 'Invalid pubkey to unmute' },
  invalidUser: 'Invalid user pubkey',
  /** Nobody who can sign is logged in (spec, signing errors). */
  noSigner: 'No signing method available',
  /** Ours, as the spec has for follows: the read or the publish failed (the reason goes below). */
  failed: { mute: 'Mute failed', unmute: 'Unmute failed' },
  /** Ours: a mute list naming its owner hides nothing anyone wants hidden. */
  self: { mute: "Can't mute yourself", unmute: "Can't unmute yourself" },
  /** Ours: as for follows, a list built from nothing would drop every mute the user has. */
  unreadable:
    'Your mute list could not be read from any relay, so nothing was published: publishing now would replace everyone you mute. Try again when a relay answers.',
} as const

const HEX64 = /^[0-9a-f]{64}$/i

export interface MuteRequest {
  action: MuteAction
  /** 64 hex only (§5). */
  target: string
  /** Who is logged in and can sign, or null. */
  user: string | null
  ready: boolean
  /** Where the list would be published. */
  relays: readonly string[]
}

/** Why the change cannot be made, or null when it can. */
export function muteProblem(request: MuteRequest): string | null {
  const { action, user, target } = request
  const unpublishable = publishProblem({ clientReady: request.ready, relays: request.relays })
  if (unpublishable) return unpublishable
  if (user === null) return MUTE_MESSAGES.noSigner
  if (!HEX64.test(user)) return MUTE_MESSAGES.invalidUser
  if (!HEX64.test(target.trim())) return MUTE_MESSAGES.invalidTarget[action]
  if (target.trim().toLowerCase() === user.toLowerCase()) return MUTE_MESSAGES.self[action]
  return null
}

export interface MuteListEvent {
  tags: string[][]
  content: string
  created_at: number
}

const names = (tag: readonly string[], pubkey: string) =>
  tag[0] === 'p' && typeof tag[1] === 'string' && tag[1].toLowerCase() === pubkey

export const listMutes = (tags: readonly string[][], pubkey: string): boolean =>
  tags.some((tag) => names(tag, pubkey.toLowerCase()))

/**
 * The tags after the action: every other tag as it was (a person muted already keeps their place
 * and relay hint), and the client tag once, at the end.
 */
export function changeMutes(
  action: MuteAction,
  tags: readonly string[][],
  pubkey: string,
): string[][] {
  const key = pubkey.toLowerCase()
  const next =
    action === 'unmute'
      ? tags.filter((tag) => !names(tag, key))
      : listMutes(tags, key)
        ? tags
        : [...tags, ['p', key]]
  return withClientTag(next)
}

/** The kind 10000 to sign, dated after the list it replaces; the content (private part) kept. */
export function muteListTemplate(base: MuteListEvent | null, tags: string[][], nowSeconds: number) {
  return {
    kind: MUTE_LIST_KIND,
    created_at: replacementCreatedAt(nowSeconds, base?.created_at),
    tags,
    content: base?.content ?? '',
  }
}
