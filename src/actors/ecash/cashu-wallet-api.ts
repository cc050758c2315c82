/**
 * The ecash wallet as the rest of the app sees it: its handle, its view (what screens show), what
 * it is started with, and its own error texts. The wallet itself is in cashu-wallet.ts.
 */
import { MINT_ERRORS } from '../../core/ecash/cashu-mint.ts'
import type { MintDetails } from '../../core/ecash/cashu-mint-info.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import type { KeyValueStore } from '../platform/idb-store.ts'
import type { Signer } from '../platform/signer.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import type { PaymentQuote } from './cashu-melt.ts'
import type { NutzapRequest } from './cashu-nutzap.ts'
import { NO_NUTZAPS, type NutzapView } from './cashu-nutzap-service.ts'
import type { MintRestoreResult, RestoreProgress } from './cashu-seed-restore.ts'
import type { CashuStore, HistoryEntry, MintEntry } from './cashu-store.ts'

export const CASHU_ERRORS = {
  loginRequired: 'Log in to use the ecash wallet',
  noSeed: 'Create the wallet first',
  seedExists: 'This wallet already has a seed',
  mintExists: 'This mint is already added',
  noQuote: 'Get a quote for the invoice first',
  noRelays: 'No relays configured',
  ...MINT_ERRORS,
} as const

export interface DepositView {
  id: string
  mint: string
  amount: number
  /** The machine's state: quoting, awaitingPayment, minting, retrying, saving, done, ... */
  step: string
  invoice: string | null
  outcome: 'minted' | 'issued' | 'failed' | 'cancelled' | null
  error: string | null
}

export interface CashuView {
  pubkey: string | null
  /** The user's record has been read. */
  ready: boolean
  hasSeed: boolean
  /** The recovery phrase was made here and not yet confirmed written down: show it again. */
  phraseUnconfirmed: boolean
  mints: MintEntry[]
  balances: Record<string, number>
  total: number
  history: HistoryEntry[]
  deposits: DepositView[]
  /** Operations a reload interrupted, still being settled with their mint. */
  unsettled: number
  /** Why settling waits (the mint unreachable, the key locked), or null. */
  settleError: string | null
  /** Nutzaps (NIP-61): redemptions running, the last failure, those kept for a later try. */
  nutzaps: NutzapView
  /** No wallet here, but the user's relays hold one (NIP-60): it can be restored from them. */
  relayWallet: boolean
}

export interface CashuWallet {
  view(): CashuView
  subscribe(listener: () => void): () => void
  /** Opens the logged-in user's wallet (again after a change of user). */
  open(): Promise<void>
  /**
   * Makes the seed and returns the mnemonic to show; only its ciphertext is kept, marked
   * unconfirmed until `confirmPhrase`.
   */
  createSeed(): Promise<string>
  /** The unconfirmed recovery phrase again, decrypted with the user's key, to show once more. */
  unconfirmedPhrase(): Promise<string>
  /** The user has written the phrase down: it is not shown again. */
  confirmPhrase(): Promise<void>
  addMint(input: string): Promise<MintEntry>
  /** The mint's info (NUT-06) and active keyset fee, for its details screen. */
  mintInfo(url: string): Promise<MintDetails>
  /** Removes a mint holding nothing and used by no operation; else rejects saying why. */
  removeMint(url: string): Promise<void>
  /** Starts a deposit; its progress shows in `view().deposits` under the returned id. */
  deposit(mint: string, amount: number): string
  cancelDeposit(id: string): void
  /** Sends `amount` sats as a cashuB token (kept in the history too). */
  send(mint: string, amount: number): Promise<string>
  /** Receives a pasted token into this wallet (its mint is added when new). */
  receive(text: string): Promise<{ mint: string; amount: number }>
  /** A melt quote for a Lightning invoice, from the mint best able to pay it. */
  quotePayment(invoice: string): Promise<PaymentQuote>
  /** Pays a quoted invoice; resolves with the amount and the fee paid. */
  pay(quoteId: string): Promise<{ amount: number; fee: number }>
  /**
   * Restores the wallet from the user's relays (NIP-60: wallet key, mints, unspent proofs) and
   * makes this device's own seed; returns its mnemonic, to be shown once.
   */
  restoreFromRelays(): Promise<string>
  /** Restores (NUT-13) from the recovery phrase: scans each mint, keeps the unspent proofs. */
  restoreFromSeed(
    mnemonic: string,
    mints: readonly string[],
    onProgress?: (progress: RestoreProgress) => void,
  ): Promise<MintRestoreResult[]>
  /** Nutzaps `amount` sats to a user (and their note) on a mint both sides have (NIP-61). */
  sendNutzap(request: NutzapRequest): Promise<{ mint: string }>
  /** Tries the nutzaps whose redemption failed again. */
  retryNutzaps(): Promise<void>
}

/** What the wallet reads of the login: whose it is, and when that changes (a LoginActorRef). */
export interface LoginSource {
  getSnapshot(): { context: { pubkey: string | null } }
  subscribe(listener: (snapshot: { context: { pubkey: string | null } }) => void): unknown
}

export interface CashuDeps {
  login: LoginSource
  signer: () => Signer
  store?: CashuStore
  now?: () => number
  /** Mint load timeout, ms (default 5000). */
  loadTimeoutMs?: number
  /** The relays, for NIP-60 and nutzaps (NIP-61); without them neither reaches relays. */
  hub?: Pick<RelayHub, 'query' | 'subscribe' | 'publish'>
  pool?: () => RelayPoolActorRef | undefined
  /** Where the NIP-60 sync notes what it published (default: the wallet's own database). */
  nip60Notes?: KeyValueStore
}

export const EMPTY_VIEW: CashuView = {
  pubkey: null,
  ready: false,
  hasSeed: false,
  phraseUnconfirmed: false,
  mints: [],
  balances: {},
  total: 0,
  history: [],
  deposits: [],
  unsettled: 0,
  settleError: null,
  nutzaps: NO_NUTZAPS,
  relayWallet: false,
}
