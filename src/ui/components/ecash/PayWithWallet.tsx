import { useMutation } from '@tanstack/react-query'
import { walletName } from '../lightning/connection-labels.ts'
import { useLightning } from '../lightning/use-lightning.ts'

/**
 * Pays a deposit's invoice with the connected Lightning wallet (NWC or WebLN), in one click
 * instead of copying it to the wallet's settings. The deposit goes on as if paid from anywhere
 * else: its checks (or the mint's NUT-17 notice) see the quote paid and mint. Nothing without a
 * connected wallet.
 */
export function PayWithWallet({ invoice, payable }: { invoice: string; payable: boolean }) {
  const view = useLightning()
  const payment = useMutation({ mutationFn: () => view.wallet.payInvoice(invoice) })
  if (view.status !== 'connected' || !view.info) return null
  const name = walletName(view.info)
  if (payment.isSuccess) {
    return (
      <p role="status" data-testid="cashu-wallet-payment">
        Paid with {name}
      </p>
    )
  }
  if (!payable) return null
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={payment.isPending}
        onClick={() => payment.mutate()}
      >
        {payment.isPending ? `Paying with ${name}…` : `Pay with ${name}`}
      </button>
      {payment.isError && (
        <p className="form-error" role="alert">
          {name} could not pay: {payment.error.message}
        </p>
      )}
    </>
  )
}
