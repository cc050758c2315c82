/**
 * The wallet a zap pays with: whether one is connected now (the zap machine is told as it
 * changes), and the wallet handle's payInvoice. The wallet itself (NWC, WebLN) is the wallet
 * connection's business; a zap only asks it to pay.
 */
import { useMemo } from 'react'
import type { ZapWallet } from '../../../actors/lightning/zap.effects.ts'
import { useSystem } from '../../system-context.tsx'
import { useLightningConnected } from './use-lightning.ts'

export function useZapPayer(): ZapWallet {
  const wallet = useSystem().lightning
  const connected = useLightningConnected()
  return useMemo(
    () => ({ connected, payInvoice: (invoice: string) => wallet.payInvoice(invoice) }),
    [wallet, connected],
  )
}
