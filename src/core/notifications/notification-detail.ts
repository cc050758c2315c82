/**
 * What a person said along with a notification, shown under it: a zap's comment (the zap
 * request's content), or a reaction other than a plain like (NIP-25: '+' is a like).
 */
import { zapComment } from '../lightning/zap-receipt.ts'
import type { Notification } from './notifications.ts'

/** Reactions other than '+' are shown when short enough to be an emoji or a word. */
export const REACTION_SHOWN_MAX = 8

/** The text to show under the notification; empty when there is none. */
export function notificationDetail({ type, event }: Notification): string {
  if (type === 'zap') return zapComment(event)
  if (type !== 'like') return ''
  const reaction = event.content.trim()
  return reaction !== '+' && [...reaction].length <= REACTION_SHOWN_MAX ? reaction : ''
}
