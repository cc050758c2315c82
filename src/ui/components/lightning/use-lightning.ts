/**
 * The Lightning wallet's state for views: its status, balance (sats), error and the user's saved
 * wallets. Reading it does not load the wallet; the Lightning Wallet section starts it.
 */
import { useSyncExternalStore } from 'react'
import type { WalletHandle, WalletView } from '../../../actors/lightning/wallet-handle.ts'
import { useSystem } from '../../system-context.tsx'

export function useLightning(): WalletView & { wallet: WalletHandle } {
  const wallet = useSystem().lightning
  const view = useSyncExternalStore(wallet.subscribe, wallet.view)
  return { ...view, wallet }
}

/** True while a wallet is connected: zaps pay through it, or show the invoice when false. */
export function useLightningConnected(): boolean {
  const wallet = useSystem().lightning
  return useSyncExternalStore(wallet.subscribe, () => wallet.view().status === 'connected')
}
