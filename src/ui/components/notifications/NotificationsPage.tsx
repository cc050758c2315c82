import { use, useEffect, useMemo, useState } from 'react'
import { mutedTypes } from '../../../core/notifications/notification-settings.ts'
import {
  isUnread,
  type Notification,
  unreadCount,
  writtenNotes,
} from '../../../core/notifications/notifications.ts'
import { FAILED_TO_LOAD_NOTIFICATIONS } from '../../../core/relays/relay-messages.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useNow } from '../../hooks/use-now.ts'
import { useSystem } from '../../system-context.tsx'
import { NoteBoundary } from '../feed/NoteBoundary.tsx'
import { OutsideLine } from '../feed/OutsideLine.tsx'
import { useEngagementAsks } from '../feed/use-engagement-asks.ts'
import { LoadFailed } from '../kit/LoadFailed.tsx'
import { PageBar } from '../kit/PageBar.tsx'
import { NotificationMutes } from './NotificationMutes.tsx'
import { NotificationRow } from './NotificationRow.tsx'
import { useNotificationSettings, useNotifications } from './use-notifications.ts'
import './notifications.css'

/** The notifications page: the mutes, then the last day's notifications, newest first. */
export function NotificationsPage() {
  const { signedIn, pubkey } = useLogin()
  return (
    <section className="notifications-page" aria-labelledby="notifications-title">
      <PageBar titleId="notifications-title">Notifications</PageBar>
      {signedIn && pubkey ? <Notifications key={pubkey} pubkey={pubkey} /> : <LoggedOut />}
    </section>
  )
}

function LoggedOut() {
  const { login } = useSystem()
  return (
    <div className="feed-message notifications-logged-out">
      <p className="notifications-logged-out-text">
        Log in to see who liked, replied to, mentioned, reposted and zapped you.
      </p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => login.send({ type: 'login.requested' })}
      >
        Log in
      </button>
    </div>
  )
}

function Notifications({ pubkey }: { pubkey: string }) {
  const notificationSettings = use(useSystem().notificationSettings())
  const settings = useNotificationSettings()
  const view = useNotifications(pubkey)
  const { lastSeen, isError, outside } = view
  // Show opens the notifications from outside the web of trust in their places.
  const [outsideShown, setOutsideShown] = useState(false)
  const notifications = outsideShown ? view.withOutside : view.notifications
  const folded = outsideShown ? 0 : outside.length
  // The visit before this one: what is newer shows as new while the page is open.
  const [seenBefore] = useState(lastSeen)
  const now = useNow()
  const newest = notifications?.[0]?.created_at ?? 0

  // Seen is what the page shows (spec §7: unread is newer than the last seen), so up to the
  // newest shown: not up to now, which would mark read what was not fetched yet.
  useEffect(() => {
    if (newest > 0) notificationSettings.markSeen(pubkey, newest)
  }, [notificationSettings, pubkey, newest])

  // Replies and mentions ask, as notes shown elsewhere do, whether their authors deleted them.
  useEngagementAsks(useMemo(() => writtenNotes(notifications ?? []), [notifications]))

  const isNew = (notification: Notification) => isUnread(notification, seenBefore)
  const fresh = notifications ? unreadCount(notifications, seenBefore) : 0
  return (
    <>
      <NotificationMutes />
      {notifications === undefined ? (
        isError ? (
          <LoadFailed message={FAILED_TO_LOAD_NOTIFICATIONS} retry={view.retry} />
        ) : (
          <p className="feed-message" role="status">
            Loading notifications…
          </p>
        )
      ) : notifications.length === 0 && folded === 0 ? (
        <p className="feed-message" role="status">
          {mutedTypes(settings).size > 0
            ? 'No notifications in the last 24 hours, apart from the muted types.'
            : 'No notifications in the last 24 hours.'}
        </p>
      ) : (
        <>
          <p className="notifications-summary" role="status">
            {fresh > 0 ? `${fresh} new since your last visit` : 'Nothing new since your last visit'}
          </p>
          <ol className="notification-list" aria-label="Notifications, newest first">
            {notifications.map((notification) => (
              <NoteBoundary key={notification.event.id} noteId={notification.event.id} listItem>
                <NotificationRow
                  notification={notification}
                  isNew={isNew(notification)}
                  now={now}
                />
              </NoteBoundary>
            ))}
          </ol>
          {folded > 0 && (
            <OutsideLine count={folded} item="notification" onShow={() => setOutsideShown(true)} />
          )}
        </>
      )}
    </>
  )
}
