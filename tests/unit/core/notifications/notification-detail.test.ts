import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  notificationDetail,
  REACTION_SHOWN_MAX,
} from '../../../../src/core/notifications/notification-detail.ts'
import type {
  Notification,
  NotificationType,
} from '../../../../src/core/notifications/notifications.ts'

const alice = generateSecretKey()
const NOW = 1_700_000_000

const notification = (
  type: NotificationType,
  kind: number,
  content: string,
  tags: string[][] = [],
) => {
  const event: NostrEvent = finalizeEvent({ kind, created_at: NOW, tags, content }, alice)
  return { type, actor: event.pubkey, created_at: NOW, event } satisfies Notification
}

const zapWith = (comment: string) => {
  const request = finalizeEvent({ kind: 9734, created_at: NOW, tags: [], content: comment }, alice)
  return notification('zap', 9735, '', [['description', JSON.stringify(request)]])
}

describe('notificationDetail', () => {
  it("shows a zap's comment, trimmed; nothing for a zap without one", () => {
    expect(notificationDetail(zapWith('  for the thread  '))).toBe('for the thread')
    expect(notificationDetail(zapWith(''))).toBe('')
    expect(notificationDetail(notification('zap', 9735, 'not the comment'))).toBe('')
  })

  it('shows a reaction other than +, up to 8 characters (an emoji counts as one)', () => {
    expect(REACTION_SHOWN_MAX).toBe(8)
    expect(notificationDetail(notification('like', 7, '🤙'))).toBe('🤙')
    expect(notificationDetail(notification('like', 7, ' 🔥🔥🔥🔥🔥🔥🔥🔥 '))).toBe(
      '🔥🔥🔥🔥🔥🔥🔥🔥',
    )
    expect(notificationDetail(notification('like', 7, 'lovely!!'))).toBe('lovely!!')
  })

  it('shows nothing for a plain like, an empty or a long reaction', () => {
    expect(notificationDetail(notification('like', 7, '+'))).toBe('')
    expect(notificationDetail(notification('like', 7, ' + '))).toBe('')
    expect(notificationDetail(notification('like', 7, ''))).toBe('')
    expect(notificationDetail(notification('like', 7, 'wonderful'))).toBe('')
  })

  it('shows nothing for replies, mentions and reposts: their text is the excerpt', () => {
    expect(notificationDetail(notification('reply', 1, 'nice'))).toBe('')
    expect(notificationDetail(notification('mention', 1, 'hi'))).toBe('')
    expect(notificationDetail(notification('repost', 6, ''))).toBe('')
  })
})
