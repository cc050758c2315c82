import './action-failure.css'

/** Why a dialog's action failed: its message and what lies behind it (each relay's answer). */
export function ActionFailure({
  message,
  detail,
}: {
  message: string | null
  detail: string | null
}) {
  return (
    <div className="action-failure" role="alert">
      <p className="action-failure-message">{message}</p>
      {detail && <p className="action-failure-detail">{detail}</p>}
    </div>
  )
}
