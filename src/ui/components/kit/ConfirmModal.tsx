import { type ReactNode, useState } from 'react'
import { Modal } from './Modal.tsx'
import { clearedNotice } from './notice.ts'

interface ConfirmModalProps {
  /** Spec §2: confirm modals default to the title and button 'Clear Cache'. */
  title?: string
  confirmLabel?: string
  /** Why the action cannot run now; the confirm button stays disabled while there is one. */
  refusal?: string | null
  /** Said in the Cache section once done ('Cache cleared: …'). */
  done?: string
  onConfirm(): Promise<void> | void
  onClose(): void
  children: ReactNode
}

/**
 * A confirm modal for a clear action: Cancel, or the action, which reads 'Clearing...' while it
 * runs. Done, it closes and says what was cleared; a failure stays on screen with the modal open.
 */
export function ConfirmModal({
  title = 'Clear Cache',
  confirmLabel = 'Clear Cache',
  refusal = null,
  done,
  onConfirm,
  onClose,
  children,
}: ConfirmModalProps) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      await onConfirm()
      if (done) clearedNotice.show(done)
      onClose()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal title={title} onClose={busy ? () => {} : onClose}>
      {children}
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-row">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={() => void confirm()}
          disabled={busy || refusal !== null}
        >
          {busy ? 'Clearing...' : confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
