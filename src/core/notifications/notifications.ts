/**
 * Notifications (spec §3, §7, §9): what people did that names the user (#p) in the last day,
 * one entry per event. Kind 7 is a like, kind 1 with an `e` tag a reply, kind 1 without one a
 * mention, kind 6 a repost, kind 9735 a zap. Entries are deduplicated by event id, newest first,
 * filtered by the user's mutes; the unread ones are newer than the user's last visit.
 */
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { type Hiding, isDeletedNote } from '../feed/hidden-notes.ts'
import { parseRepost, REPOST_KIND, TEXT_NOTE_KIND } from '../feed/nip18.ts'
import type { NoteRef } from '../feed/note.ts'
import { ZAP_RECEIPT_KIND, zapSender } from '../lightning/zap-receipt.ts'
import { isMuted, type MuteSet } from '../people/mute-set.ts'
import { compareHex } from '../platform/event-order.ts'

export const REACTION_KIND = 7

const HEX64 = /^[0-9a-f]{64}$/

/** Notifications query (spec §9): limit 100 per filter, 24 h window. */
export const NOTIFICATIONS_LIMIT = 100
export const NOTIFICATIONS_WINDOW_S = 24 * 60 * 60

export type NotificationType = 'like' | 'reply' | 'mention' | 'repost' | 'zap'

export const NOTIFICATION_TYPES: readonly NotificationType[] = [
  'like',
  'reply',
  'mention',
  'repost',
  'zap',
]

/** Spec §3: type, actor (pubkey), created_at, event. */
export interface Notification {
  type: NotificationType
  actor: string
  created_at: number
  event: NostrEvent
}

/**
 * The filters for a user at a time (unix seconds): the spec's two (kinds 7 and 1, #p, limit 100,
 * since 24 hours ago), and the same for reposts and zaps, each kind its own filter so that a busy
 * kind does not crowd out the others within the limit.
 */
export function notificationFilters(pubkey: string, nowSeconds: number): Filter[] {
  const since = nowSeconds - NOTIFICATIONS_WINDOW_S
  return [REACTION_KIND, TEXT_NOTE_KIND, REPOST_KIND, ZAP_RECEIPT_KIND].map((kind) => ({
    kinds: [kind],
    '#p': [pubkey],
    limit: NOTIFICATIONS_LIMIT,
    since,
  }))
}

const hasTag = (event: NostrEvent, name: string, value?: string) =>
  event.tags.some((tag) => tag[0] === name && (value === undefined || tag[1] === value))

function typeOf(event: NostrEvent): NotificationType | null {
  switch (event.kind) {
    case REACTION_KIND:
      return 'like'
    case TEXT_NOTE_KIND:
      return hasTag(event, 'e') ? 'reply' : 'mention'
    case REPOST_KIND:
      return 'repost'
    case ZAP_RECEIPT_KIND:
      return 'zap'
    default:
      return null
  }
}

/**
 * The notification an event is for the user, or null: another kind, an event that does not name
 * them (a relay answered more than it was asked), or something they did themselves.
 */
export function toNotification(event: NostrEvent, user: string): Notification | null {
  const type = typeOf(event)
  if (!type || !hasTag(event, 'p', user)) return null
  // A zap receipt is signed by the lightning service: the person is the one who paid.
  const actor = type === 'zap' ? zapSender(event) : event.pubkey
  if (actor === user) return null
  return { type, actor, created_at: event.created_at, event }
}

/** Newest first; the same second in a fixed order (by id), so the list does not shuffle. */
const newestFirst = (a: Notification, b: Notification) =>
  b.created_at - a.created_at || compareHex(a.event.id, b.event.id)

/** Every event the relays returned, as the user's notifications: one per event id, newest first. */
export function notificationsFrom(events: readonly NostrEvent[], user: string): Notification[] {
  const byId = new Map<string, Notification>()
  for (const event of events) {
    if (byId.has(event.id)) continue
    const notification = toNotification(event, user)
    if (notification) byId.set(event.id, notification)
  }
  return [...byId.values()].sort(newestFirst)
}

/** Without the muted types (muteLikes, muteReplies, …). */
export const withoutMuted = (
  notifications: readonly Notification[],
  muted: ReadonlySet<NotificationType>,
): Notification[] => notifications.filter((notification) => !muted.has(notification.type))

/** Newer than the last visit (unix seconds); every one is before any visit (spec §7). */
export const isUnread = (
  notification: Pick<Notification, 'created_at'>,
  lastSeen: number | undefined,
): boolean => lastSeen === undefined || notification.created_at > lastSeen

/** How many are newer than the last visit (unix seconds); all of them before any visit. */
export const unreadCount = (
  notifications: readonly Notification[],
  lastSeen: number | undefined,
): number => notifications.filter((notification) => isUnread(notification, lastSeen)).length

export type GlowTier = 0 | 1 | 2 | 3 | 4

/** Upper bounds of the header square's glow tiers (spec §2): 0, up to 2, up to 5, up to 10. */
const TIER_BOUNDS = [0, 2, 5, 10] as const

/** The glow of the header square: 0 for none, then up to 2, up to 5, up to 10, above 10. */
export function glowTier(unread: number): GlowTier {
  const tier = TIER_BOUNDS.findIndex((bound) => unread <= bound)
  return (tier === -1 ? TIER_BOUNDS.length : tier) as GlowTier
}

/**
 * The note a notification is about, to show and link to: the liked, reposted or zapped note, or
 * the reply or mention itself. Null when the event names none (a profile zap, a bare reaction).
 */
export function subjectNoteId({ type, event }: Notification): string | null {
  switch (type) {
    case 'reply':
    case 'mention':
      return event.id
    case 'repost':
      return parseRepost(event)?.target.id ?? null
    case 'like':
    case 'zap':
      // NIP-25: the reacted-to event is the last `e` tag.
      return event.tags.findLast((tag) => tag[0] === 'e' && HEX64.test(tag[1] ?? ''))?.[1] ?? null
  }
}

/** A notification is hidden when what its person did is: a zap by its sender, not the service. */
export const isMutedNotification = (set: MuteSet, notification: Notification): boolean =>
  isMuted(set, { ...notification.event, pubkey: notification.actor })

/**
 * The notes among the notifications that their people wrote (replies and mentions): those whose
 * deletion by their author is worth asking about (core/feed/nip09.ts).
 */
export const writtenNotes = (notifications: readonly Notification[]): NoteRef[] =>
  notifications.flatMap(({ type, event }) =>
    type === 'reply' || type === 'mention' ? [{ id: event.id, pubkey: event.pubkey }] : [],
  )

/**
 * A notification is left out when the note it shows was deleted by its author (NIP-09: a reply or
 * mention its author took back, or the user's own note someone liked, reposted or zapped), or
 * when the user's mutes hide it.
 */
export function isHiddenNotification(hiding: Hiding, notification: Notification): boolean {
  const subject = subjectNoteId(notification)
  return (
    isDeletedNote(hiding, notification.event) ||
    (subject !== null && isDeletedNote(hiding, { id: subject })) ||
    isMutedNotification(hiding.mutes, notification)
  )
}
