/**
 * Muting and unmuting (NIP-51 kind 10000; lightning-and-ecash §3, §5, §7): a person (p), a
 * thread (e), a hashtag (t) or a word (`word`), each in the public tags or the private part
 * (mute-private.ts). The newest list is read and changed tag by tag, so every tag not touched
 * (relay hints, tags Plume does not know) survives. Muting moves a mute to the place asked
 * (public or private: it is never in both); unmuting takes it out of both. The published list
 * carries a tag naming the client (§3).
 */

import { withClientTag } from '../platform/nip89.ts'
import { replacementCreatedAt } from '../relays/nip01.ts'
import { PUBLISH_ERRORS, publishProblem } from '../relays/publish-checks.ts'
import { MUTE_LIST_KIND } from './mute-list.ts'

export type MuteAction = 'mute' | 'unmute'
/** The tag a mute is written as (NIP-51 kind 10000). */
export type MuteKind = 'p' | 'e' | 't' | 'word'
/** Public: in the tags, anyone can read it. Private: encrypted in the content to oneself. */
export type MutePlace = 'public' | 'private'

export interface MuteTarget {
  kind: MuteKind
  value: string
}

export interface MuteChange {
  action: MuteAction
  target: MuteTarget
  /** Where a mute goes; an unmute takes it out of both. */
  place: MutePlace
}

/** The spec's texts (§5), and ours where it is silent (marked). */
export const MUTE_MESSAGES = {
  clientNotReady: PUBLISH_ERRORS.clientNotReady,
  noRelays: PUBLISH_ERRORS.noRelays,
  invalidTarget: { mute: 'Invalid pubkey to mute', unmute: 'Invalid pubkey to unmute' },
  /** Ours, for what is not a person. */
  invalidThread: 'Invalid thread to mute',
  invalidHashtag: 'Enter a hashtag to mute',
  invalidWord: 'Enter a word to mute',
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
  /** Ours: publishing a private part built from nothing would drop every private mute. */
  privateUnreadable:
    'Your private mutes could not be decrypted, so nothing was published: publishing now would drop them.',
} as const

const HEX64 = /^[0-9a-f]{64}$/i

/** The target as it is written: hex lowercased, a hashtag without its #, trimmed. */
export function cleanTarget({ kind, value }: MuteTarget): MuteTarget {
  const trimmed = value.trim()
  if (kind === 'p' || kind === 'e') return { kind, value: trimmed.toLowerCase() }
  if (kind === 't') return { kind, value: trimmed.replace(/^#+/, '').trim().toLowerCase() }
  return { kind, value: trimmed.toLowerCase() }
}

export interface MuteRequest {
  change: MuteChange
  /** Who is logged in and can sign, or null. */
  user: string | null
  ready: boolean
  /** Where the list would be published. */
  relays: readonly string[]
}

function targetProblem(action: MuteAction, target: MuteTarget, user: string): string | null {
  const { kind, value } = cleanTarget(target)
  if (kind === 'p') {
    if (!HEX64.test(value)) return MUTE_MESSAGES.invalidTarget[action]
    if (value === user.toLowerCase()) return MUTE_MESSAGES.self[action]
    return null
  }
  if (kind === 'e') return HEX64.test(value) ? null : MUTE_MESSAGES.invalidThread
  // A hashtag is one word (NIP-24 t tags); a muted word may be a phrase.
  if (kind === 't') return value === '' || /\s/.test(value) ? MUTE_MESSAGES.invalidHashtag : null
  return value === '' ? MUTE_MESSAGES.invalidWord : null
}

/** Why the change cannot be made, or null when it can. */
export function muteProblem(request: MuteRequest): string | null {
  const { change, user } = request
  const unpublishable = publishProblem({ clientReady: request.ready, relays: request.relays })
  if (unpublishable) return unpublishable
  if (user === null) return MUTE_MESSAGES.noSigner
  if (!HEX64.test(user)) return MUTE_MESSAGES.invalidUser
  return targetProblem(change.action, change.target, user)
}

export interface MuteListEvent {
  tags: string[][]
  content: string
  created_at: number
}

const names = (tag: readonly string[], { kind, value }: MuteTarget) =>
  tag[0] === kind &&
  typeof tag[1] === 'string' &&
  (kind === 't' ? tag[1].replace(/^#+/, '') : tag[1]).trim().toLowerCase() === value

/** The tags name this target (cleaned: `cleanTarget`). */
export const listsMute = (tags: readonly string[][], target: MuteTarget): boolean =>
  tags.some((tag) => names(tag, target))

/** The two parts of a list; `private` is null when it could not be decrypted. */
export interface MuteParts {
  public: string[][]
  private: string[][] | null
}

/** The list is already as the change asks: nothing to publish. */
export function alreadyDone({ action, target, place }: MuteChange, parts: MuteParts): boolean {
  const clean = cleanTarget(target)
  const inPublic = listsMute(parts.public, clean)
  const inPrivate = parts.private !== null && listsMute(parts.private, clean)
  if (action === 'unmute') return !inPublic && !inPrivate
  return place === 'public' ? inPublic && !inPrivate : inPrivate && !inPublic
}

/** The change needs the private part read: a private mute, or an unmute that may be there. */
export const needsPrivate = (change: MuteChange): boolean =>
  change.place === 'private' || change.action === 'unmute'

const without = (tags: readonly string[][], target: MuteTarget) =>
  tags.filter((tag) => !names(tag, target)).map((tag) => [...tag])

const withTarget = (tags: readonly string[][], target: MuteTarget) =>
  listsMute(tags, target) ? tags.map((tag) => [...tag]) : [...tags, [target.kind, target.value]]

/**
 * Both parts after the change: every other tag as it was (a mute there already keeps its place
 * and relay hint), and the client tag once, at the end of the public tags. A private part that
 * could not be decrypted stays null (and the content is kept as it was).
 */
export function changeMuteParts(change: MuteChange, parts: MuteParts): MuteParts {
  const target = cleanTarget(change.target)
  const mute = change.action === 'mute'
  const inPlace = (place: MutePlace, tags: readonly string[][]) =>
    mute && change.place === place ? withTarget(tags, target) : without(tags, target)
  return {
    public: withClientTag(inPlace('public', parts.public)),
    private: parts.private === null ? null : inPlace('private', parts.private),
  }
}

/** The private part changed: its content must be encrypted again. */
export const privateChanged = (before: MuteParts, after: MuteParts): boolean =>
  JSON.stringify(before.private) !== JSON.stringify(after.private)

/** The kind 10000 to sign, dated after the list it replaces. */
export function muteListTemplate(
  base: Pick<MuteListEvent, 'created_at'> | null,
  tags: string[][],
  content: string,
  nowSeconds: number,
) {
  return {
    kind: MUTE_LIST_KIND,
    created_at: replacementCreatedAt(nowSeconds, base?.created_at),
    tags,
    content,
  }
}

/** The toast after a change: 'Muted @ann', 'Unmuted #nostr', 'Muted this thread'. */
export function mutedText(target: MuteTarget, name: string, action: MuteAction = 'mute'): string {
  const verb = action === 'mute' ? 'Muted' : 'Unmuted'
  switch (target.kind) {
    case 'p':
      return `${verb} @${name}`
    case 'e':
      return `${verb} this thread`
    case 't':
      return `${verb} #${target.value}`
    case 'word':
      return `${verb} “${target.value}”`
  }
}

/** What the toast says once a change ends: done, or the failure and why. */
export function muteOutcomeText(
  outcome: { done: boolean; error: string | null; detail: string | null },
  doneText: string,
): string {
  if (outcome.done) return doneText
  const error = outcome.error ?? MUTE_MESSAGES.failed.mute
  return outcome.detail ? `${error}: ${outcome.detail}` : error
}

/** A word typed in Settings: '#tag' is a hashtag, anything else a word. */
export const typedMute = (input: string): MuteTarget =>
  input.trim().startsWith('#')
    ? { kind: 't', value: input.trim() }
    : { kind: 'word', value: input.trim() }
