import { useRemoveRelayModal } from '../../hooks/use-modal.ts'
import { Modal } from '../kit/Modal.tsx'
import { useRelayEdit } from './use-relay-list.ts'

/** Confirm before a relay leaves the list (?removeRelay={url}). */
export function RemoveRelayModal({ url }: { url: string }) {
  const edit = useRelayEdit()
  const modal = useRemoveRelayModal()
  return (
    <Modal title="Remove relay" onClose={modal.close}>
      <p>
        Remove <span className="mono">{url}</span> from your relays?
      </p>
      <div className="form-row">
        <button type="button" className="button" onClick={modal.close}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={() => {
            edit({ type: 'pool.remove', url })
            modal.close()
          }}
        >
          Remove
        </button>
      </div>
    </Modal>
  )
}

export default RemoveRelayModal
