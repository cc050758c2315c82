import { useState } from 'react'
import type { DepositView } from '../../../actors/ecash/cashu-wallet-api.ts'
import { mintErrorText, parseSats } from '../../../core/ecash/cashu-mint.ts'
import { CopyButton } from '../kit/CopyButton.tsx'
import { Field } from '../kit/Form.tsx'
import { InvoiceQr } from '../kit/QrCode.tsx'
import { sats, useOpenCashu } from './cashu-context.ts'
import { MintPicker, useMintChoice } from './MintPicker.tsx'
import { PayWithWallet } from './PayWithWallet.tsx'

const STEP_TEXT: Record<string, string> = {
  starting: 'Asking the mint for an invoice…',
  quoting: 'Asking the mint for an invoice…',
  awaitingPayment: 'Waiting for the invoice to be paid…',
  minting: 'Paid: minting the ecash…',
  retrying: 'Minting failed, trying again…',
  saving: 'Saving the ecash…',
  unsaved: 'Minted, but it could not be saved yet',
  finishing: 'Already minted',
  deletingQuote: 'Finishing…',
}

/** /wallet/deposit: an amount, a mint quote, its invoice as a QR code, progress, minted. */
export function DepositScreen() {
  const { wallet, view } = useOpenCashu()
  const [chosen, setChosen] = useState('')
  const mint = useMintChoice(chosen)
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [id, setId] = useState<string | null>(null)
  const deposit = view.deposits.find((d) => d.id === id) ?? null
  if (view.mints.length === 0) return <p className="cashu-note">Add a mint first.</p>
  const start = (event: React.FormEvent) => {
    event.preventDefault()
    setError(null)
    try {
      setId(wallet.deposit(mint, parseSats(amount)))
    } catch (e) {
      setError(mintErrorText(e))
    }
  }
  if (deposit) return <DepositProgress deposit={deposit} onAgain={() => setId(null)} />
  return (
    <form className="cashu-screen cashu-form" onSubmit={start}>
      <MintPicker value={mint} onChange={setChosen} />
      <Field id="cashu-deposit-amount" label="Amount (sats)" value={amount} onChange={setAmount} />
      <button type="submit" className="button">
        Create invoice
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}

function DepositProgress({ deposit, onAgain }: { deposit: DepositView; onAgain(): void }) {
  const { wallet } = useOpenCashu()
  const finished = deposit.outcome !== null && deposit.step !== 'deletingQuote'
  const waiting = deposit.step === 'awaitingPayment' || deposit.step === 'quoting'
  return (
    <section className="cashu-screen" aria-label="Deposit">
      <p className="cashu-heading">Deposit of {sats(deposit.amount)}</p>
      <p role="status" data-testid="cashu-deposit-status">
        {finished ? outcomeText(deposit) : (STEP_TEXT[deposit.step] ?? deposit.step)}
      </p>
      {deposit.error && !finished && <p className="cashu-note">{deposit.error}</p>}
      {deposit.invoice && (
        <PayWithWallet invoice={deposit.invoice} payable={deposit.step === 'awaitingPayment'} />
      )}
      {deposit.invoice && deposit.step === 'awaitingPayment' && (
        <>
          <InvoiceQr invoice={deposit.invoice} className="cashu-qr" />
          <p className="cashu-text" data-testid="cashu-invoice">
            {deposit.invoice}
          </p>
          <CopyButton text={deposit.invoice} label="Copy invoice" />
        </>
      )}
      {waiting && (
        <button
          type="button"
          className="button-quiet"
          onClick={() => wallet.cancelDeposit(deposit.id)}
        >
          Cancel
        </button>
      )}
      {finished && (
        <button type="button" className="button" onClick={onAgain}>
          New deposit
        </button>
      )}
    </section>
  )
}

function outcomeText(deposit: DepositView): string {
  switch (deposit.outcome) {
    case 'minted':
      return `Minted ${sats(deposit.amount)}`
    case 'issued':
      return 'This invoice was already minted'
    case 'cancelled':
      return 'Deposit cancelled'
    default:
      return `Deposit failed: ${deposit.error ?? 'unknown error'}`
  }
}
