/**
 * What the app holds of the Lightning wallet: its view and operations. lazy-wallet.ts gives the
 * handle at once; wallet-connection.effects.ts is what it loads. Their own module, so neither of
 * the two imports the other.
 */
import type { Transaction } from '../../core/lightning/nip47.ts'
import type { SavedWallet } from '../../core/lightning/saved-wallets.ts'
import type { WalletInfo } from '../../core/lightning/wallet-connection.ts'
import type { Secret } from '../../core/platform/secret.ts'
import type { WalletStatus } from '../../machines/wallet-connection.machine.ts'

export interface WalletView {
  status: WalletStatus
  info: WalletInfo | null
  /** The last failure to show ('Failed to connect NWC wallet: …'), or null. */
  error: string | null
  /** The balance is being read again. */
  refreshing: boolean
  manualDisconnect: boolean
  /** The signed-in user's saved wallets. */
  saved: SavedWallet[]
}

export interface WalletHandle {
  view(): WalletView
  /** Called after every change of the view. */
  subscribe(listener: () => void): () => void
  /** Loads the wallet, which auto-connects (spec §4: on mount) when it may. */
  start(): void
  /** Connects a remote wallet by its pairing string (checked with parsePairingCode first). */
  connect(pairing: Secret<string>, save: { name: string } | null): void
  connectWebln(save: { name: string } | null): void
  connectSaved(id: string): void
  disconnect(): void
  refreshBalance(): void
  /** Pays through the connected wallet; rejects with 'Wallet not connected' or the wallet's error. */
  payInvoice(invoice: string): Promise<{ preimage: string }>
  makeInvoice(amountSats: number, description: string): Promise<{ invoice: string }>
  listTransactions(): Promise<Transaction[]>
  removeSaved(id: string): Promise<void>
  /** Clear Stored Wallet: disconnects and removes every saved wallet and its encrypted record. */
  clearStored(): Promise<void>
}

/** What the loaded wallet offers beyond the handle: sign-out, forwarded from here. */
export interface WalletRuntime extends Omit<WalletHandle, 'start'> {
  signedOut(pubkey: string): void
}
