import { ActionFailure } from './ActionFailure.tsx'

/**
 * A dialog's end for one risky action (delete, report): why it failed, why it cannot be done,
 * and Cancel (Close once failed) beside the action (Try again once failed).
 */
export function ActionFooter({
  failed,
  error,
  detail,
  problem,
  busy,
  ready,
  label,
  busyLabel,
  onClose,
  onConfirm,
}: {
  failed: boolean
  error: string | null
  detail: string | null
  /** Why the action cannot be done at all (logged out, offline), or null. */
  problem: string | null
  busy: boolean
  /** The action can be asked now (besides not busy). */
  ready: boolean
  label: string
  busyLabel: string
  onClose(): void
  onConfirm(): void
}) {
  return (
    <>
      {failed && <ActionFailure message={error} detail={detail} />}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-row">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          {failed ? 'Close' : 'Cancel'}
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={onConfirm}
          disabled={busy || !ready}
          aria-busy={busy}
        >
          {busy ? busyLabel : failed ? 'Try again' : label}
        </button>
      </div>
    </>
  )
}
