import { CopyButton } from '../kit/CopyButton.tsx'
import { FormError } from '../kit/Form.tsx'
import { InvoiceQr } from '../kit/QrCode.tsx'

interface ZapInvoiceProps {
  invoice: string
  amountSats: number
  /** Why the wallet did not pay it, if it tried. */
  error: string | null
  /** A wallet is connected now: it may pay this invoice. */
  canPay: boolean
  onPay(): void
}

/** The invoice for any wallet to pay: QR code, copy, and a `lightning:` link to a wallet app. */
export function ZapInvoice({ invoice, amountSats, error, canPay, onPay }: ZapInvoiceProps) {
  return (
    <div className="form zap-invoice" data-zap-state="invoice">
      <FormError message={error} />
      <p className="form-hint">Pay this invoice of {amountSats} sats with any lightning wallet.</p>
      <InvoiceQr invoice={invoice} className="zap-qr" />
      <code className="zap-invoice-text">{invoice}</code>
      <div className="form-row">
        <CopyButton text={invoice} label="Copy invoice" />
        <a className="button" href={`lightning:${invoice}`}>
          Open in wallet
        </a>
        {canPay && (
          <button type="button" className="button button-primary" onClick={onPay}>
            Pay with connected wallet
          </button>
        )}
      </div>
      <p className="form-hint" role="status">
        Waiting for payment…
      </p>
    </div>
  )
}
