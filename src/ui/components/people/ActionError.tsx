/** Why a profile action failed: the spec's message, what lies behind it, and a way to close it. */
export function ActionError({
  message,
  detail,
  onDismiss,
}: {
  message: string
  detail: string | null
  onDismiss(): void
}) {
  return (
    <div className="action-error" role="alert">
      <p className="action-error-message">{message}</p>
      {detail && <p className="action-error-detail">{detail}</p>}
      <button type="button" className="button-quiet action-error-close" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  )
}
