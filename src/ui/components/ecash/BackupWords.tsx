import { useEffect, useState } from 'react'
import type { CashuWallet } from '../../../actors/ecash/cashu-wallet-api.ts'
import { mintErrorText } from '../../../core/ecash/cashu-mint.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { DEVICE_PHRASE_NOTE } from './RelayRestore.tsx'

const ASKED_AGAIN = 'You have not yet confirmed that you wrote these words down.'

/**
 * The recovery phrase, shown until the user confirms writing it down: `words` right after it was
 * made, else (the page closed before the confirmation) decrypted again from the kept ciphertext,
 * once the key can decrypt. Only the ciphertext and an 'unconfirmed' mark are stored.
 */
export function BackupWords({
  wallet,
  words,
  restored,
  onDone,
}: {
  wallet: CashuWallet
  words: string | null
  /** Made by a restore from relays: the words are this device's own. */
  restored: boolean
  onDone(): void
}) {
  const shown = useKeptPhrase(wallet, words)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const confirm = () => {
    setBusy(true)
    setError(null)
    wallet.confirmPhrase().then(onDone, (e: unknown) => {
      setError(mintErrorText(e))
      setBusy(false)
    })
  }
  const failure = error ?? shown.error
  return (
    <section className="cashu-card" aria-label="Recovery phrase">
      <p>
        Write these 12 words down and keep them safe: they restore this wallet's ecash. Once you
        confirm, they will not be shown again.
      </p>
      {!words && <p className="cashu-note">{ASKED_AGAIN}</p>}
      {restored && (
        <p className="cashu-note" data-testid="cashu-device-phrase">
          {DEVICE_PHRASE_NOTE}
        </p>
      )}
      {shown.words && (
        <>
          <ol className="cashu-words" data-testid="cashu-words">
            {shown.words.split(' ').map((word, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a word may repeat; its place is its identity
              <li key={i}>{word}</li>
            ))}
          </ol>
          <button type="button" className="button" disabled={busy} onClick={confirm}>
            I have written them down
          </button>
        </>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </section>
  )
}

/** The words given, or the kept phrase decrypted: tried again when the key becomes usable. */
function useKeptPhrase(wallet: CashuWallet, given: string | null) {
  const { canSign } = useLogin()
  const [kept, setKept] = useState<{ words: string | null; error: string | null }>({
    words: null,
    error: null,
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of canSign (the key unlocked) is what makes another try worth it
  useEffect(() => {
    if (given) return
    let live = true
    wallet.unconfirmedPhrase().then(
      (words) => live && setKept({ words, error: null }),
      (e: unknown) => live && setKept({ words: null, error: mintErrorText(e) }),
    )
    return () => {
      live = false
    }
  }, [wallet, given, canSign])
  return given ? { words: given, error: null } : kept
}
