import { useState } from 'react'
import type { CashuWallet } from '../../../actors/ecash/cashu-wallet-api.ts'
import { mintErrorText } from '../../../core/ecash/cashu-mint.ts'

/** Said with the phrase a restore from relays makes: it is not the other device's phrase. */
export const DEVICE_PHRASE_NOTE =
  "This is this device's own recovery phrase: the wallet came back from your relays, and ecash made here from now on is derived from these words."

/**
 * Offered next to Create wallet when the user's relays hold a NIP-60 wallet: reads it back (the
 * wallet key, the mints, the unspent proofs) and hands on this device's new recovery phrase.
 */
export function RelayRestore({
  wallet,
  onRestored,
}: {
  wallet: CashuWallet
  onRestored(words: string): void
}) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const restore = () => {
    setBusy(true)
    setError(null)
    wallet.restoreFromRelays().then(onRestored, (e: unknown) => {
      setError(mintErrorText(e))
      setBusy(false)
    })
  }
  return (
    <div className="cashu-relay-restore" data-testid="cashu-relay-restore">
      <p className="cashu-note">Your relays hold an ecash wallet made on another device.</p>
      <button type="button" className="button" disabled={busy} onClick={restore}>
        {busy ? 'Restoring from relays…' : 'Restore from relays'}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
