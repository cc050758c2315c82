import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { mintErrorText } from '../../../core/ecash/cashu-mint.ts'
import { Field } from '../kit/Form.tsx'
import { InputRow } from '../kit/InputRow.tsx'
import { useOpenCashu } from './cashu-context.ts'
import { MintRow } from './MintRow.tsx'
import { NutzapStatus } from './NutzapHistory.tsx'

/** /wallet: the balance at each mint (its details, removing it), and adding a mint by its URL. */
export function WalletHome() {
  const { wallet, view } = useOpenCashu()
  return (
    <div className="cashu-screen">
      <NutzapStatus wallet={wallet} view={view} />
      <h2 className="cashu-heading">Mints</h2>
      {view.mints.length === 0 ? (
        <p className="cashu-note">No mint yet: add one to deposit or receive ecash.</p>
      ) : (
        <ul className="cashu-mints" aria-label="Balance per mint">
          {view.mints.map((mint) => (
            <MintRow key={mint.url} mint={mint} />
          ))}
        </ul>
      )}
      <AddMint />
      <p className="cashu-note">
        Ecash missing from a mint? <Link to="/wallet/restore">Restore from recovery phrase</Link>{' '}
        scans it again.
      </p>
    </div>
  )
}

function AddMint() {
  const { wallet } = useOpenCashu()
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const add = (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    wallet.addMint(url).then(
      () => {
        setUrl('')
        setBusy(false)
      },
      // The URL stays in the field to be corrected.
      (e: unknown) => {
        setError(mintErrorText(e))
        setBusy(false)
      },
    )
  }
  return (
    <form className="cashu-form" onSubmit={add}>
      <InputRow stacked action={busy ? 'Loading mint…' : 'Add mint'} disabled={busy}>
        <Field
          id="cashu-mint-url"
          label="Mint URL"
          value={url}
          onChange={setUrl}
          placeholder="https://mint.example.com"
        />
      </InputRow>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
