/**
 * The user's notifications, their mutes and deleted notes left out, those from outside their web
 * of trust set apart, and how many are unread (of those shown).
 */
import { useQuery } from '@tanstack/react-query'
import { use, useMemo, useSyncExternalStore } from 'react'
import { notificationsQueryOptions } from '../../../actors/notifications/notification-queries.ts'
import { setApart, withoutHidden } from '../../../core/feed/hidden-notes.ts'
import {
  lastSeenOf,
  mutedTypes,
  type NotificationSettings,
} from '../../../core/notifications/notification-settings.ts'
import {
  isHiddenNotification,
  type Notification,
  unreadCount,
  withoutMuted,
} from '../../../core/notifications/notifications.ts'
import { isOutside } from '../../../core/people/web-of-trust.ts'
import { useSystem } from '../../system-context.tsx'
import { useHiding } from '../feed/use-hiding.ts'
import { useMutesKnown } from '../people/use-mute-set.ts'
import { useTrusted, useTrustKnown } from '../people/use-web-of-trust.ts'

/** The mutes and last-seen times, kept current. */
export function useNotificationSettings(): NotificationSettings {
  const store = use(useSystem().notificationSettings())
  return useSyncExternalStore(store.subscribe, store.get)
}

export interface NotificationsView {
  /** Unmuted notifications from inside the web of trust, newest first; undefined until the first answer. */
  notifications: readonly Notification[] | undefined
  /** The unmuted ones from outside it, newest first, folded behind one line. */
  outside: readonly Notification[]
  /** Both, newest first, once the line is opened. */
  withOutside: readonly Notification[] | undefined
  unread: number | undefined
  /** The last visit before now (unix seconds), or undefined before the first. */
  lastSeen: number | undefined
  isError: boolean
  /** Asks the relays again. */
  retry(): void
}

/**
 * The user's notifications. `refetchIntervalMs`: ask again this often while mounted (the header's
 * square stays on screen; the page is visited).
 */
export function useNotifications(pubkey: string, refetchIntervalMs?: number): NotificationsView {
  const { hub, routes } = useSystem()
  const settings = useNotificationSettings()
  const query = useQuery({
    ...notificationsQueryOptions(hub, pubkey, undefined, routes),
    refetchInterval: refetchIntervalMs,
  })
  const lastSeen = lastSeenOf(settings, pubkey)
  const hiding = useHiding()
  // A muted person's notification is never counted, not even until the mute list arrives.
  const mutesKnown = useMutesKnown()
  const unmuted = useMemo(
    () =>
      query.data && mutesKnown
        ? withoutHidden(
            withoutMuted(query.data, mutedTypes(settings)),
            hiding,
            isHiddenNotification,
          )
        : undefined,
    [query.data, settings, hiding, mutesKnown],
  )
  const trusted = useTrusted()
  // Nor one from outside the network, not even while the network is read.
  const trustKnown = useTrustKnown()
  const split = useMemo(
    // A zap is from its sender (the actor), not the lightning service that signed the receipt.
    () => unmuted && setApart(unmuted, (notification) => isOutside(trusted, notification.actor)),
    [unmuted, trusted],
  )
  const notifications = split?.shown
  return {
    notifications,
    outside: split?.apart ?? [],
    withOutside: unmuted,
    unread: notifications && trustKnown ? unreadCount(notifications, lastSeen) : undefined,
    lastSeen,
    isError: query.isError,
    retry: () => void query.refetch(),
  }
}
