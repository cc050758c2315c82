/** How each notification type is named and drawn on screen. */
import type { NotificationType } from '../../../core/notifications/notifications.ts'

export const TYPE_LABEL: Readonly<Record<NotificationType, string>> = {
  like: 'Like',
  reply: 'Reply',
  mention: 'Mention',
  repost: 'Repost',
  zap: 'Zap',
}

/** Plural, for the mutes ("Mute Likes"). */
export const TYPE_PLURAL: Readonly<Record<NotificationType, string>> = {
  like: 'Likes',
  reply: 'Replies',
  mention: 'Mentions',
  repost: 'Reposts',
  zap: 'Zaps',
}

export const TYPE_ICON: Readonly<Record<NotificationType, string>> = {
  like: '♥',
  reply: '↩',
  mention: '@',
  repost: '↻',
  zap: '⚡',
}
