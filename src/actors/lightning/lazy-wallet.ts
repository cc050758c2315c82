/**
 * The Lightning wallet's handle, available at once while its code (the connection machine, the
 * NIP-47 client, the ciphers, the saved-wallet store) loads on first use: when a screen asks for
 * it, or at start when wallets are saved on this device (auto-connect). Nothing of it is on the
 * path to the first note but this small file.
 */
import type { ActorOptions, AnyActorLogic } from 'xstate'
import type { Transaction } from '../../core/lightning/nip47.ts'
import type { SavedWallet } from '../../core/lightning/saved-wallets.ts'
import type { WalletInfo } from '../../core/lightning/wallet-connection.ts'
import { SAVED_WALLETS_KEY } from '../../core/lightning/wallet-storage-key.ts'
import type { Secret } from '../../core/platform/secret.ts'
import type { LoginActorRef } from '../../machines/login.machine.ts'
import type { WalletStatus } from '../../machines/wallet-connection.machine.ts'
import type { Signer } from '../platform/signer.ts'
import { whenIdle } from '../platform/when-idle.ts'

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

export interface WalletDeps {
  login: LoginActorRef
  signer: () => Signer
  inspect?: ActorOptions<AnyActorLogic>['inspect']
}

export const IDLE_WALLET_VIEW: WalletView = {
  status: 'disconnected',
  info: null,
  error: null,
  refreshing: false,
  manualDisconnect: false,
  saved: [],
}

function hasSavedWallets(): boolean {
  try {
    return Boolean(globalThis.localStorage?.getItem(SAVED_WALLETS_KEY))
  } catch {
    return false // storage disabled: nothing can be saved either
  }
}

export function lazyWallet(deps: WalletDeps): WalletHandle {
  let runtime: WalletRuntime | undefined
  let loading: Promise<WalletRuntime> | undefined
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  const load = () => {
    loading ??= import('./wallet-connection.effects.ts').then((module) => {
      runtime = module.startWallet(deps)
      runtime.subscribe(notify)
      notify()
      return runtime
    })
    return loading
  }
  const run = (use: (wallet: WalletRuntime) => void) => {
    load().then(use, (error: unknown) => console.warn('The wallet failed to load', error))
  }

  // Sign-out disconnects and removes the user's stored connections (spec §4), loaded or not.
  deps.login.on('session.signedOut', ({ pubkey }) => {
    if (runtime || hasSavedWallets()) run((wallet) => wallet.signedOut(pubkey))
  })

  return {
    view: () => runtime?.view() ?? IDLE_WALLET_VIEW,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start: () => run(() => {}),
    connect: (pairing, save) => run((wallet) => wallet.connect(pairing, save)),
    connectWebln: (save) => run((wallet) => wallet.connectWebln(save)),
    connectSaved: (id) => run((wallet) => wallet.connectSaved(id)),
    disconnect: () => runtime?.disconnect(),
    refreshBalance: () => runtime?.refreshBalance(),
    payInvoice: async (invoice) => (await load()).payInvoice(invoice),
    makeInvoice: async (amount, description) => (await load()).makeInvoice(amount, description),
    listTransactions: async () => (await load()).listTransactions(),
    removeSaved: async (id) => (await load()).removeSaved(id),
    clearStored: async () => (await load()).clearStored(),
  }
}

/** At start: with wallets saved on this device, load the wallet once the page is idle. */
export function startWalletWhenSaved(wallet: WalletHandle): void {
  if (!hasSavedWallets()) return
  whenIdle(() => wallet.start(), { timeoutMs: 2000 })
}
