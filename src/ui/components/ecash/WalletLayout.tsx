import { Link, Outlet, useMatchRoute } from '@tanstack/react-router'
import { useState } from 'react'
import type { CashuView } from '../../../actors/ecash/cashu-wallet-api.ts'
import { REPLACE_RELAY_WALLET_NOTE } from '../../../core/ecash/wallet-loss.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useSystem } from '../../system-context.tsx'
import { PageBar } from '../kit/PageBar.tsx'
import { BackupWords } from './BackupWords.tsx'
import { CashuContext, sats } from './cashu-context.ts'
import { RelayRestore } from './RelayRestore.tsx'
import { useCashu } from './use-cashu.ts'
import './cashu.css'

/**
 * /wallet: the ecash wallet of whoever is logged in. Without a login it asks for one; without a
 * seed it makes one and shows the words until confirmed; then the total, the screens' tabs and the screen.
 */
export function WalletLayout() {
  const { signedIn, pubkey } = useLogin()
  return (
    <section className="cashu-page" aria-labelledby="cashu-title">
      <PageBar titleId="cashu-title">Ecash Wallet</PageBar>
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
  const [restored, setRestored] = useState(false)
  // Restoring from the recovery phrase needs no wallet yet: that screen shows without one.
  const restoring = useMatchRoute()({ to: '/wallet/restore' }) !== false
  if (!cashu?.view.ready) return <p className="feed-message">Loading the wallet…</p>
  if (words || cashu.view.phraseUnconfirmed) {
    return (
      <BackupWords
        wallet={cashu.wallet}
        words={words}
        restored={restored}
        onDone={() => setWords(null)}
      />
    )
  }
  if (!cashu.view.hasSeed && !restoring) {
    const fromRelays = (phrase: string) => {
      setRestored(true)
      setWords(phrase)
    }
    return <CreateWallet onCreated={setWords} onRestored={fromRelays} />
  }
  // The outlet keeps its place when the wallet appears, so a restore's results stay on screen.
  return (
    <CashuContext.Provider value={cashu}>
      {cashu.view.hasSeed && <WalletChrome view={cashu.view} />}
      <Outlet />
    </CashuContext.Provider>
  )
}

/** The total, operations still settling, and the screens' tabs. */
function WalletChrome({ view }: { view: CashuView }) {
  return (
    <>
      <p className="cashu-total" data-testid="cashu-total">
        {sats(view.total)}
      </p>
      {view.unsettled > 0 && (
        <p className="cashu-note" role="status" data-testid="cashu-settling">
          {view.unsettled === 1
            ? 'Settling an interrupted operation with its mint…'
            : `Settling ${view.unsettled} interrupted operations with their mints…`}
          {view.settleError && ` Waiting: ${view.settleError}`}
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
    </>
  )
}

/**
 * With a wallet on the user's relays, restoring it is the way in: a new one would replace it
 * there (REPLACE_RELAY_WALLET_NOTE), so creating one asks a second time.
 */
function CreateWallet({
  onCreated,
  onRestored,
}: {
  onCreated(words: string): void
  onRestored(words: string): void
}) {
  const cashu = useCashu()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [replacing, setReplacing] = useState(false)
  const relayWallet = cashu?.view.relayWallet ?? false
  const create = () => {
    if (!cashu) return
    if (relayWallet && !replacing) {
      setReplacing(true)
      return
    }
    setBusy(true)
    setError(null)
    cashu.wallet.createSeed().then(onCreated, (e: unknown) => {
      setError(e instanceof Error ? e.message : String(e))
      setBusy(false)
    })
  }
  const createLabel = !relayWallet
    ? 'Create wallet'
    : replacing
      ? 'Create a new wallet anyway'
      : 'Create a new wallet instead'
  return (
    <div className="cashu-card">
      <p>
        An ecash wallet holds sats as Cashu tokens issued by mints you choose. Its recovery phrase
        is kept on this device encrypted to your key.
      </p>
      {relayWallet && cashu && <RelayRestore wallet={cashu.wallet} onRestored={onRestored} />}
      {replacing && (
        <p className="form-error" role="alert">
          {REPLACE_RELAY_WALLET_NOTE}
        </p>
      )}
      <div className="cashu-actions">
        <button
          type="button"
          className={relayWallet ? 'button-quiet' : 'button'}
          disabled={busy}
          onClick={create}
        >
          {createLabel}
        </button>
        <Link to="/wallet/restore" className="button-quiet">
          Restore from recovery phrase
        </Link>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
