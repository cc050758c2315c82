import { NOTIFICATIONS_STALE_MS } from '../../../actors/notifications/notification-queries.ts'
import { glowTier } from '../../../core/notifications/notifications.ts'
import { IconLink } from '../kit/IconButton.tsx'
import { useNotifications } from './use-notifications.ts'
import './notifications-square.css'

/** What the square says to a screen reader and in its tooltip. */
export function squareLabel(unread: number | undefined): string {
  if (unread === undefined) return 'Notifications'
  return unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`
}

/**
 * The header's notifications square (spec §2): to /notifications, glowing brighter with more
 * unread (tiers 0 to 4). It stays on screen, so it asks again each time the list goes stale.
 */
export function NotificationsSquare({ pubkey }: { pubkey: string }) {
  const { unread } = useNotifications(pubkey, NOTIFICATIONS_STALE_MS)
  const label = squareLabel(unread)
  return (
    <IconLink
      to="/notifications"
      className="notifications-square"
      data-tier={glowTier(unread ?? 0)}
      aria-label={label}
      title={label}
      preload={false}
    >
      <span className="notifications-square-glyph" aria-hidden="true" />
    </IconLink>
  )
}

export default NotificationsSquare
