/**
 * The user's notifications through TanStack Query, ['notifications', pubkey] (spec §9: limit 100
 * per filter, 24 h window, stale 30 s, gc 2 min). The list is every notification of the window;
 * the mutes and the unread count are applied where it is shown, so changing a mute asks no relay.
 * What names the user is asked of the pool and of the read relays of their own relay list
 * (NIP-65 inbox) that the pool does not hold.
 */
import { queryOptions } from '@tanstack/react-query'
import {
  type Notification,
  notificationFilters,
  notificationsFrom,
} from '../../core/notifications/notifications.ts'
import { outsidePool } from '../../core/relays/pool-urls.ts'
import { FAILED_TO_LOAD_NOTIFICATIONS } from '../../core/relays/relay-messages.ts'
import type { ReadRoutes } from '../relays/read-routes.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { type ExtraRelays, queryPoolAnd } from '../relays/routed-query.ts'
import { answeredEvents } from '../relays/stored-events.ts'

export const NOTIFICATIONS_STALE_MS = 30_000
export const NOTIFICATIONS_GC_MS = 2 * 60_000

export const notificationsKey = (pubkey: string) => ['notifications', pubkey] as const

/** The user's own read relays the pool does not hold, and why they are asked. */
function ownReadRelays(routes: ReadRoutes, pubkey: string): ExtraRelays | null {
  const relays = outsidePool(routes.ownReadRelays(pubkey), routes.pool())
  return relays.length > 0 ? { relays, reason: { kind: 'own' } } : null
}

export function notificationsQueryOptions(
  hub: Pick<RelayHub, 'subscribe'>,
  pubkey: string,
  now: () => number = Date.now,
  routes?: ReadRoutes,
) {
  return queryOptions({
    queryKey: notificationsKey(pubkey),
    queryFn: async (): Promise<Notification[]> => {
      const filters = notificationFilters(pubkey, Math.floor(now() / 1000))
      const answer = await queryPoolAnd(hub, filters, routes ? ownReadRelays(routes, pubkey) : null)
      // None from relays that were all silent is not "no notifications" (spec §8, data errors).
      return notificationsFrom(answeredEvents(answer, FAILED_TO_LOAD_NOTIFICATIONS), pubkey)
    },
    staleTime: NOTIFICATIONS_STALE_MS,
    gcTime: NOTIFICATIONS_GC_MS,
  })
}
