import { useModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { ConfirmModal } from '../kit/ConfirmModal.tsx'
import { useSendPreferences } from './use-preferences.ts'

/**
 * Confirm before the preferences go back to the spec's values (?resetPreferences=true; spec §4:
 * dark, ASCII, color, replies, reposts, NSFW block and image-only on, Follow Only off, hashtags
 * Bitcoin, Nostr, News, and the default relays). Image Mode is not among them and stays as it is.
 */
export function ResetPreferencesModal() {
  const modal = useModal('resetPreferences')
  const send = useSendPreferences()
  const { relayList } = useSystem()
  return (
    <ConfirmModal
      title="Clear Preferences"
      confirmLabel="Clear Preferences"
      done="Preferences cleared"
      onClose={modal.close}
      onConfirm={() => {
        send({ type: 'preferences.reset' })
        relayList.send({ type: 'relayList.restoreDefaults' })
      }}
    >
      <p>
        Dark Mode, ASCII Mode, Color Mode, Show Replies, Show Reposts and Image Notes Only go back
        on, Follow Only off, the custom hashtags back to #Bitcoin, #Nostr and #News, and the relays
        back to the default ones.
      </p>
    </ConfirmModal>
  )
}

export default ResetPreferencesModal
