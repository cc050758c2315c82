/**
 * "Send ecash" where a user takes nutzaps (their kind 10019 names a mint and a key): nothing
 * otherwise. Light: it reads the 10019 only; the wallet loads once the choice is taken.
 */
import { useNutzapInfo } from './use-nutzap-info.ts'
import './nutzap.css'

export function NutzapChoice({ recipient, onChoose }: { recipient: string; onChoose(): void }) {
  const info = useNutzapInfo(recipient)
  if (!info) return null
  return (
    <div className="nutzap-choice">
      <span className="form-hint">They also take ecash.</span>
      <button type="button" className="button" onClick={onChoose}>
        Send ecash
      </button>
    </div>
  )
}
