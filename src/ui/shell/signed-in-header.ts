import { lazy } from 'react'
import { loadOnce } from '../../actors/platform/load-once.ts'

/**
 * The logged-in header's notifications square. Not in the first note's bundle: its code loads
 * once, for the header of a logged-in user, and before that while someone signed out has Settings
 * or a login dialog open (Overlays.tsx). Loaded in the login's own render, the preload links of its
 * chunks were 14-27 % of that long task (3 traced ncryptsec logins).
 */
export const loadNotificationsSquare = loadOnce(
  () => import('../components/notifications/NotificationsSquare.tsx'),
)

export const NotificationsSquare = lazy(loadNotificationsSquare)
