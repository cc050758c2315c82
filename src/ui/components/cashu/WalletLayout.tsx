import { Link, Outlet } from '@tanstack/react-router'
import { useState } from 'react'
import { useCashu } from '../../hooks/use-cashu.ts'
import { useGoBack } from '../../hooks/use-go-back.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useSystem } from '../../system-context.tsx'
import { CashuContext, sats } from './cashu-context.ts'
import './cashu.css'

/**
 * /wallet: the ecash wallet of whoever is logged in. Without a login it asks for one; without a
 * seed it makes one and shows the words once; then the total, the screens' tabs and the screen.
 */
export function WalletLayout() {
  const { signedIn, pubkey } = useLogin()
  const goBack = useGoBack()
  return (
    <section className="cashu-page" aria-labelledby="cashu-title">
      <div className="page-bar">
        <button type="button" className="button-quiet" onClick={goBack}>
          ← Back
        </button>
        <h1 id="cashu-title" className="page-title">
          Ecash Wallet
        </h1>
      </div>
      {signedIn && pubkey ? <OpenWallet key={pubkey} /> : <LoggedOut />}
    </section>
  )
}

function LoggedOut() {
  const { login } = useSystem()
  return (
    <div className="feed-message">
      <p>Log in to use the ecash wallet.</p>
      <button
        type="button"
        className="button"
        onClick={() => login.send({ type: 'login.requested' })}
      >
        Log in
      </button>
    </div>
  )
}

function OpenWallet() {
  const cashu = useCashu()
  const [words, setWords] = useState<string | null>(null)
  if (!cashu?.view.ready) return <p className="feed-message">Loading the wallet…</p>
  if (words) return <BackupWords words={words} onDone={() => setWords(null)} />
  if (!cashu.view.hasSeed) return <CreateWallet onCreated={setWords} />
  return (
    <CashuContext.Provider value={cashu}>
      <p className="cashu-total" data-testid="cashu-total">
        {sats(cashu.view.total)}
      </p>
      {cashu.view.unsettled > 0 && (
        <p className="cashu-note" role="status" data-testid="cashu-settling">
          {cashu.view.unsettled === 1
            ? 'Settling an interrupted operation with its mint…'
            : `Settling ${cashu.view.unsettled} interrupted operations with their mints…`}
          {cashu.view.settleError && ` Waiting: ${cashu.view.settleError}`}
        </p>
      )}
      <nav className="cashu-tabs" aria-label="Wallet">
        <Link to="/wallet" activeOptions={{ exact: true }}>
          Balance
        </Link>
        <Link to="/wallet/deposit">Deposit</Link>
        <Link to="/wallet/send">Send</Link>
        <Link to="/wallet/receive">Receive</Link>
        <Link to="/wallet/pay">Pay</Link>
        <Link to="/wallet/history">History</Link>
      </nav>
      <Outlet />
    </CashuContext.Provider>
  )
}

function CreateWallet({ onCreated }: { onCreated(words: string): void }) {
  const cashu = useCashu()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const create = () => {
    if (!cashu) return
    setBusy(true)
    setError(null)
    cashu.wallet.createSeed().then(onCreated, (e: unknown) => {
      setError(e instanceof Error ? e.message : String(e))
      setBusy(false)
    })
  }
  return (
    <div className="cashu-card">
      <p>
        An ecash wallet holds sats as Cashu tokens issued by mints you choose. Its recovery phrase
        is kept on this device encrypted to your key.
      </p>
      <button type="button" className="button" disabled={busy} onClick={create}>
        Create wallet
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** The recovery phrase, shown this once: only its ciphertext is stored. */
function BackupWords({ words, onDone }: { words: string; onDone(): void }) {
  return (
    <section className="cashu-card" aria-label="Recovery phrase">
      <p>
        Write these 12 words down and keep them safe: they restore this wallet's ecash. They will
        not be shown again.
      </p>
      <ol className="cashu-words" data-testid="cashu-words">
        {words.split(' ').map((word, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a word may repeat; its place is its identity
          <li key={i}>{word}</li>
        ))}
      </ol>
      <button type="button" className="button" onClick={onDone}>
        I have written them down
      </button>
    </section>
  )
}
