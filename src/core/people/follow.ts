/**
 * Following and unfollowing (spec §4, §5, §7, §8): a change to the user's contact list (kind 3,
 * NIP-02). The list is read first and changed tag by tag, so the relay hints and petnames of the
 * other contacts, any other tags and the content all survive; only the one p tag is added or
 * removed. The checks before a change give the spec's messages.
 */
import { decode } from 'nostr-tools/nip19'
import { replacementCreatedAt } from '../relays/nip01.ts'
import { PUBLISH_ERRORS, publishProblem } from '../relays/publish-checks.ts'
import { CONTACTS_KIND } from './contacts.ts'

export type FollowAction = 'follow' | 'unfollow'
/** What rewrites the list: a follow, an unfollow, or an earlier version put back. */
export type ListAction = FollowAction | 'restore'

/** The spec's texts (§5, §8), by action where they differ. */
export const FOLLOW_MESSAGES = {
  clientNotReady: PUBLISH_ERRORS.clientNotReady,
  signInRequired: {
    follow: 'Sign in required to follow users',
    unfollow: 'Sign in required to unfollow users',
  },
  invalidUser: 'Invalid user pubkey',
  noRelays: PUBLISH_ERRORS.noRelays,
  invalidTarget: 'Invalid pubkey format. Please enter a valid 64-character hex pubkey or npub.',
  self: { follow: "Can't follow yourself", unfollow: "Can't unfollow yourself" },
  failed: { follow: 'Follow failed', unfollow: 'Unfollow failed', restore: 'Restore failed' },
  /** Ours: restoring an earlier list needs someone who can sign. */
  signInToRestore: 'Sign in required to restore your follow list',
  /** The signer signed for someone other than the logged-in account. */
  signInFailed: 'Failed to sign in',
} as const

/**
 * Ours, where the spec is silent: the list could not be read, so nothing was published. A list
 * built from nothing would replace every follow the user has with this one change.
 */
export const CONTACTS_UNREADABLE =
  'Your contact list could not be read from any relay, so nothing was published: publishing now would replace everyone you follow. Try again when a relay answers.'

const HEX64 = /^[0-9a-f]{64}$/i

/** The lowercase hex pubkey of a 64-hex or npub input, or null. */
export function parseContactPubkey(input: string): string | null {
  const text = input.trim()
  if (HEX64.test(text)) return text.toLowerCase()
  if (!/^npub1/i.test(text)) return null
  try {
    const decoded = decode(text.toLowerCase())
    return decoded.type === 'npub' && HEX64.test(decoded.data) ? decoded.data : null
  } catch {
    return null
  }
}

export interface FollowRequest {
  action: FollowAction
  /** What names the person: 64 hex or an npub. */
  target: string
  /** Who is logged in (hex), or null for a visitor. */
  user: string | null
  /** The relay pool runs. */
  ready: boolean
  /** Where the list would be published. */
  relays: readonly string[]
}

/** Why the change cannot be made, in the spec's words, or null when it can. */
export function followProblem(request: FollowRequest): string | null {
  const { action, user } = request
  const unpublishable = publishProblem({ clientReady: request.ready, relays: request.relays })
  if (unpublishable) return unpublishable
  if (user === null) return FOLLOW_MESSAGES.signInRequired[action]
  if (!HEX64.test(user)) return FOLLOW_MESSAGES.invalidUser
  const target = parseContactPubkey(request.target)
  if (target === null) return FOLLOW_MESSAGES.invalidTarget
  if (target === user.toLowerCase()) return FOLLOW_MESSAGES.self[action]
  return null
}

/** Putting an earlier version of the user's list back (Settings, Follow list). */
export interface RestoreRequest {
  /** The version to publish again, dated now. */
  version: ContactListEvent
  /** Who is logged in and can sign (hex), or null. */
  user: string | null
  ready: boolean
  relays: readonly string[]
}

/** Why the version cannot be restored, or null when it can. */
export function restoreProblem(request: RestoreRequest): string | null {
  const unpublishable = publishProblem({ clientReady: request.ready, relays: request.relays })
  if (unpublishable) return unpublishable
  if (request.user === null) return FOLLOW_MESSAGES.signInToRestore
  if (!HEX64.test(request.user)) return FOLLOW_MESSAGES.invalidUser
  return null
}

/** The parts of a kind 3 that a change keeps. */
export interface ContactListEvent {
  tags: string[][]
  content: string
  created_at: number
}

const isContactTag = (tag: readonly string[], pubkey: string) =>
  tag[0] === 'p' && typeof tag[1] === 'string' && tag[1].toLowerCase() === pubkey

/** Whether the list names this pubkey (64 hex, any case). */
export const listFollows = (tags: readonly string[][], pubkey: string): boolean =>
  tags.some((tag) => isContactTag(tag, pubkey.toLowerCase()))

/** Whether the list already is as the action wants it: following counts as success (§4). */
export const alreadyDone = (action: FollowAction, tags: readonly string[][], pubkey: string) =>
  listFollows(tags, pubkey) === (action === 'follow')

/** The tags with the pubkey added at the end (unchanged when it is there already). */
export function addContact(tags: readonly string[][], pubkey: string): string[][] {
  const key = pubkey.toLowerCase()
  const copy = tags.map((tag) => [...tag])
  return listFollows(copy, key) ? copy : [...copy, ['p', key]]
}

/** The tags without any p tag for the pubkey; everything else stays as it was. */
export function removeContact(tags: readonly string[][], pubkey: string): string[][] {
  const key = pubkey.toLowerCase()
  return tags.filter((tag) => !isContactTag(tag, key)).map((tag) => [...tag])
}

/** The tags after the action. */
export const changeContacts = (action: FollowAction, tags: readonly string[][], pubkey: string) =>
  action === 'follow' ? addContact(tags, pubkey) : removeContact(tags, pubkey)

/**
 * The kind 3 to sign: the changed tags, the content kept (empty for a first list, §7) unless a
 * restored version brings its own (NIP-02 lets it hold the old relay map). Its time is after the
 * list it replaces, so relays keep the new one even when clocks disagree.
 */
export function contactListTemplate(
  base: ContactListEvent | null,
  tags: string[][],
  nowSeconds: number,
  content: string = base?.content ?? '',
) {
  return {
    kind: CONTACTS_KIND,
    created_at: replacementCreatedAt(nowSeconds, base?.created_at),
    tags,
    content,
  }
}
