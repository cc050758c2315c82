/** How the wallet's state reads in the settings and its modals. */
import type { WalletView } from '../../../actors/lazy-wallet.ts'

export function statusLabel(view: WalletView): string {
  if (view.status === 'connecting') return 'Connecting…'
  if (view.status !== 'connected' || !view.info) return 'Not connected'
  const kind = view.info.walletType === 'nwc' ? 'Nostr Wallet Connect' : 'WebLN'
  return view.info.alias ? `Connected: ${view.info.alias} (${kind})` : `Connected (${kind})`
}

/** '21,000 sats'; the balance arrives in sats (spec §7: millisats divided by 1000). */
export function satsLabel(sats: number): string {
  return `${sats.toLocaleString('en-US')} ${sats === 1 ? 'sat' : 'sats'}`
}
