import { use } from 'react'
import { MUTE_SETTING_OF } from '../../../core/notifications/notification-settings.ts'
import { NOTIFICATION_TYPES } from '../../../core/notifications/notifications.ts'
import { useSystem } from '../../system-context.tsx'
import { Toggle } from '../kit/Toggle.tsx'
import { TYPE_PLURAL } from './notification-labels.ts'
import { useNotificationSettings } from './use-notifications.ts'

/**
 * A mute per type (spec §3: muteLikes, muteReplies, muteMentions, muteReposts, muteZaps), folded
 * under a summary that says what is muted. Muted types are hidden and not counted as unread.
 */
export function NotificationMutes() {
  const store = use(useSystem().notificationSettings())
  const settings = useNotificationSettings()
  const muted = NOTIFICATION_TYPES.filter((type) => settings[MUTE_SETTING_OF[type]])
  return (
    <details className="notification-mutes">
      <summary>
        Muted types:{' '}
        <span className="notification-mutes-list">
          {muted.length === 0 ? 'none' : muted.map((type) => TYPE_PLURAL[type]).join(', ')}
        </span>
      </summary>
      <div className="toggle-list">
        {NOTIFICATION_TYPES.map((type) => {
          const setting = MUTE_SETTING_OF[type]
          return (
            <Toggle
              key={type}
              label={`Mute ${TYPE_PLURAL[type]}`}
              checked={settings[setting]}
              onChange={(value) => store.setMute(setting, value)}
            />
          )
        })}
      </div>
    </details>
  )
}
