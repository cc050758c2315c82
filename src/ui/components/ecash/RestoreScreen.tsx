import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type {
  MintRestoreResult,
  RestoreProgress,
} from '../../../actors/ecash/cashu-seed-restore.ts'
import { mintErrorText } from '../../../core/ecash/cashu-mint.ts'
import { sats, useOpenCashu } from './cashu-context.ts'

/**
 * /wallet/restore: the wallet restored from its recovery phrase (NUT-13). The words and the
 * mints to scan are typed; each mint's outputs are asked for in batches while the progress
 * shows, then what each mint gave back. The words stay in the field on an error, and leave it
 * once the wallet holds them (encrypted).
 */
export function RestoreScreen() {
  const { wallet, view } = useOpenCashu()
  const [words, setWords] = useState('')
  const [mints, setMints] = useState(() => view.mints.map((m) => m.url).join('\n'))
  const [progress, setProgress] = useState<RestoreProgress | null>(null)
  const [results, setResults] = useState<MintRestoreResult[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const restore = (event: React.FormEvent) => {
    event.preventDefault()
    setError(null)
    setResults(null)
    setProgress(null)
    setBusy(true)
    wallet.restoreFromSeed(words, mints.split('\n'), setProgress).then(
      (found) => {
        setResults(found)
        setWords('')
        setBusy(false)
      },
      (e: unknown) => {
        setError(mintErrorText(e))
        setBusy(false)
      },
    )
  }
  return (
    <form className="cashu-screen cashu-form" onSubmit={restore} aria-label="Restore wallet">
      <h2 className="cashu-heading">Restore from recovery phrase</h2>
      <p className="cashu-note">
        Type the 12 or 24 words of the wallet and the mints it used: each mint is asked which of the
        phrase's ecash it signed, and what is still unspent comes back.
      </p>
      <div className="field">
        <label htmlFor="cashu-restore-words">Recovery phrase</label>
        <textarea
          id="cashu-restore-words"
          rows={3}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="none"
          value={words}
          onChange={(event) => setWords(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="cashu-restore-mints">Mints to scan (one URL per line)</label>
        <textarea
          id="cashu-restore-mints"
          rows={3}
          spellCheck={false}
          autoComplete="off"
          placeholder="https://mint.example.com"
          value={mints}
          onChange={(event) => setMints(event.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy || !words.trim()}>
        {busy ? 'Restoring…' : 'Restore'}
      </button>
      {busy && progress && (
        <p role="status" data-testid="cashu-restore-progress">
          Scanning {progress.mint}
          {progress.keysets > 1 && `, keyset ${progress.keyset} of ${progress.keysets}`}:{' '}
          {progress.scanned} outputs checked, {progress.found} found
        </p>
      )}
      {results && <RestoreResults results={results} />}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}

function RestoreResults({ results }: { results: MintRestoreResult[] }) {
  return (
    <>
      <ul className="cashu-mints" aria-label="Restored per mint">
        {results.map((r) => (
          <li key={r.mint} className="cashu-mint" data-testid="cashu-restore-result">
            <span className="cashu-mint-name">{r.name}</span>
            <span className="cashu-mint-url">{r.mint}</span>
            <span className="cashu-mint-balance">{sats(r.amount)} restored</span>
            {r.error && <span className="form-error">{r.error}</span>}
          </li>
        ))}
      </ul>
      <Link to="/wallet" className="button">
        Go to the wallet
      </Link>
    </>
  )
}
