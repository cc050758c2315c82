import { useModal } from '../../hooks/use-modal.ts'
import { useSendPreferences } from '../../hooks/use-preferences.ts'
import { Modal } from '../Modal.tsx'

/**
 * Confirm before the preferences go back to the spec's values (?resetPreferences=true; spec §4:
 * dark, ASCII, color, replies, reposts, NSFW block and image-only on, Follow Only off, hashtags
 * Bitcoin, Nostr, News). Image Mode is not among them and stays as it is.
 */
export function ResetPreferencesModal() {
  const modal = useModal('resetPreferences')
  const send = useSendPreferences()
  return (
    <Modal title="Clear Preferences" onClose={modal.close}>
      <p>
        Dark Mode, ASCII Mode, Color Mode, Show Replies, Show Reposts and Image Notes Only go back
        on, Follow Only off, and the custom hashtags back to #Bitcoin, #Nostr and #News.
      </p>
      <div className="form-row">
        <button type="button" className="button" onClick={modal.close}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={() => {
            send({ type: 'preferences.reset' })
            modal.close()
          }}
        >
          Clear Preferences
        </button>
      </div>
    </Modal>
  )
}

export default ResetPreferencesModal
