/** How the wallet's state reads in the settings and its modals. */
import type { WalletView } from '../../../actors/lightning/wallet-handle.ts'
import { LOGIN_REQUIRED, type WalletInfo } from '../../../core/lightning/wallet-connection.ts'
import { SIGNING_UNAVAILABLE } from '../../../machines/login.machine.ts'
import type { LoginView } from '../../hooks/use-login.ts'

/** Why connecting a wallet must wait (spec §2: a login that can sign), or null. */
export function walletLoginHint(login: Pick<LoginView, 'signedIn' | 'canSign' | 'locked'>) {
  if (login.locked) return SIGNING_UNAVAILABLE.locked
  return login.signedIn && login.canSign ? null : LOGIN_REQUIRED
}

const kindLabel = (info: WalletInfo) =>
  info.walletType === 'nwc' ? 'Nostr Wallet Connect' : 'WebLN'

export function statusLabel(view: WalletView): string {
  if (view.status === 'connecting') return 'Connecting…'
  if (view.status !== 'connected' || !view.info) return 'Not connected'
  const kind = kindLabel(view.info)
  return view.info.alias ? `Connected: ${view.info.alias} (${kind})` : `Connected (${kind})`
}

/** The connected wallet as a button names it: its alias, else its kind. */
export const walletName = (info: WalletInfo) => info.alias ?? kindLabel(info)

/** '21,000 sats'; the balance arrives in sats (spec §7: millisats divided by 1000). */
export function satsLabel(sats: number): string {
  return `${sats.toLocaleString('en-US')} ${sats === 1 ? 'sat' : 'sats'}`
}
