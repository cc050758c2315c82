/**
 * The user's notifications through TanStack Query, ['notifications', pubkey] (spec §9: limit 100
 * per filter, 24 h window, stale 30 s, gc 2 min). The list is every notification of the window;
 * the mutes and the unread count are applied where it is shown, so changing a mute asks no relay.
 */
import { queryOptions } from '@tanstack/react-query'
import {
  type Notification,
  notificationFilters,
  notificationsFrom,
} from '../../core/notifications/notifications.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

export const NOTIFICATIONS_STALE_MS = 30_000
export const NOTIFICATIONS_GC_MS = 2 * 60_000

export const notificationsKey = (pubkey: string) => ['notifications', pubkey] as const

export function notificationsQueryOptions(
  hub: Pick<RelayHub, 'query'>,
  pubkey: string,
  now: () => number = Date.now,
) {
  return queryOptions({
    queryKey: notificationsKey(pubkey),
    queryFn: async (): Promise<Notification[]> => {
      const filters = notificationFilters(pubkey, Math.floor(now() / 1000))
      return notificationsFrom(await hub.query(filters), pubkey)
    },
    staleTime: NOTIFICATIONS_STALE_MS,
    gcTime: NOTIFICATIONS_GC_MS,
  })
}
