/**
 * The Lightning wallet's handle, available at once while its code (the connection machine, the
 * NIP-47 client, the ciphers, the saved-wallet store) loads on first use: when a screen asks for
 * it, or at start when wallets are saved on this device (auto-connect). Nothing of it is on the
 * path to the first note but this small file.
 */
import { SAVED_WALLETS_KEY } from '../../core/lightning/wallet-storage-key.ts'
import type { LoginActorRef } from '../../machines/login.machine.ts'
import { whenIdle } from '../platform/when-idle.ts'
import type { WalletHandle, WalletRuntime, WalletView } from './wallet-handle.ts'

export interface LazyWalletDeps {
  login: LoginActorRef
  /** Loads the wallet's code and starts it (the composition root's wiring). */
  load(): Promise<WalletRuntime>
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

export function lazyWallet(deps: LazyWalletDeps): WalletHandle {
  let runtime: WalletRuntime | undefined
  let loading: Promise<WalletRuntime> | undefined
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  const load = () => {
    loading ??= deps.load().then((loaded) => {
      runtime = loaded
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
