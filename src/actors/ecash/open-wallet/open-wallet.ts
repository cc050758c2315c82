/**
 * One user's open ecash wallet: what the wallet (cashu-wallet.ts) holds in memory for the
 * logged-in user, from open until another login (or none) closes it. It owns its parts (keys,
 * mints, deposits, settling, nutzaps, the relay backup) and hands each what it needs; none of
 * them knows the open wallet. Every write of the record goes through its store, so the view and
 * the NIP-60 sync follow it. Once closed it changes nothing: work still under way when another
 * login came neither writes the view nor reaches the sync.
 */
import type { MeltQuoteBolt11Response } from '@cashu/cashu-ts'
import type { PaymentQuote } from '../cashu-melt.ts'
import type { CashuStore, WalletRecord } from '../cashu-store.ts'
import type { TransferDeps } from '../cashu-transfer.ts'
import type { CashuDeps, CashuView } from '../cashu-wallet-api.ts'
import { createDeposits, type Deposits } from './deposits.ts'
import { createWalletKeys, type WalletKeys } from './keys.ts'
import { createWalletMints, type WalletMints } from './mints.ts'
import { createNutzaps, type Nutzaps } from './nutzaps.ts'
import { type RelayBackup, startRelayBackup } from './relay-backup.ts'
import { createSettling } from './settling.ts'
import { walletView } from './view.ts'

/** The wallet's deps with its defaults filled in. */
export interface OpenWalletDeps extends CashuDeps {
  store: CashuStore
  now: () => number
}

export interface OpenWallet {
  readonly pubkey: string
  /** Its store: every write of the record shows in the view and reaches the NIP-60 sync. */
  readonly store: CashuStore
  readonly keys: WalletKeys
  readonly mints: WalletMints
  readonly deposits: Deposits
  readonly nutzaps: Nutzaps
  readonly backup: RelayBackup
  /** What sends, receives and payments run with. */
  readonly transfer: TransferDeps
  /** Melt quotes made for payments, by quote id. */
  readonly payments: Map<string, { view: PaymentQuote; quote: MeltQuoteBolt11Response }>
  /** The record as last read or written; null until read. */
  record(): WalletRecord | null
  view(): CashuView
  /**
   * Reads the record and the seed; with a seed, resumes what a reload left (deposits waiting,
   * operations to settle, receives to recover) and starts the nutzaps; without one, looks for a
   * wallet on the user's relays.
   */
  load(): Promise<void>
  /**
   * The wallet has its seed now (made or restored): it starts its nutzaps and relay backup. A
   * made one is `unconfirmed` until the user says they wrote its phrase down, so a page closed
   * before that shows the phrase again.
   */
  adoptSeed(ciphertext: string, seed: Uint8Array, unconfirmed: boolean): Promise<void>
  /** The login changed (the key unlocked, perhaps): what waited for it tries again. */
  loginChanged(): void
  close(): void
}

const newId = () => crypto.randomUUID()

/**
 * Opens `pubkey`'s wallet: its relay backup starts at once. `notify` says the view changed;
 * the parts' changes reach it only while the wallet is open.
 */
export function openWallet(deps: OpenWalletDeps, pubkey: string, notify: () => void): OpenWallet {
  let closed = false
  let record: WalletRecord | null = null
  const changed = () => {
    if (!closed) notify()
  }
  const store: CashuStore = {
    ...deps.store,
    update: async (user, change) => {
      const next = await deps.store.update(user, change)
      if (!closed) {
        record = next
        changed()
        backup.changed()
      }
      return next
    },
  }

  const keys = createWalletKeys({ pubkey, store: deps.store, signer: deps.signer })
  const mints = createWalletMints({
    pubkey,
    store,
    loadTimeoutMs: deps.loadTimeoutMs,
    seed: keys.seed,
    unfinishedDeposits: (mint) => deposits.unfinishedAt(mint),
    mintsChanged: () => nutzaps.refresh(),
  })
  const transfer: TransferDeps = {
    store,
    pubkey,
    loadedMint: mints.loaded,
    walletOf: mints.walletOf,
    now: deps.now,
    newId,
    settleLater: () => {
      if (record) settling.settle(record)
    },
  }
  const deposits = createDeposits(transfer, changed)
  const settling = createSettling({ transfer, record: () => record, changed })
  const nutzaps = createNutzaps({
    transfer,
    hub: deps.hub,
    pool: deps.pool,
    signer: deps.signer,
    walletKey: keys.walletKey,
    ensureWalletKey: keys.ensureWalletKey,
    hasSeed: keys.hasSeed,
    changed,
  })
  const backup = startRelayBackup({
    pubkey,
    store,
    hub: deps.hub,
    pool: deps.pool,
    signer: deps.signer,
    notes: deps.nip60Notes,
    hasWalletKey: keys.hasWalletKey,
    walletKey: keys.walletKey,
    now: deps.now,
    hasSeed: keys.hasSeed,
    isOpen: () => !closed,
    changed,
  })

  return {
    pubkey,
    store,
    keys,
    mints,
    deposits,
    nutzaps,
    backup,
    transfer,
    payments: new Map(),
    record: () => record,
    view: () =>
      walletView({
        pubkey,
        record,
        hasSeed: keys.hasSeed(),
        phraseUnconfirmed: keys.phraseUnconfirmed(),
        deposits: deposits.views(),
        unsettled: settling.count(),
        settleError: settling.error(),
        nutzaps: nutzaps.view(),
        relayWallet: backup.found(),
      }),
    async load() {
      const [stored, seed] = await Promise.all([deps.store.read(pubkey), deps.store.seed(pubkey)])
      if (closed) return
      record = stored
      keys.found(seed)
      notify()
      if (!keys.hasSeed()) {
        backup.lookForWallet(2)
        return
      }
      backup.changed()
      for (const quote of stored.quotes) {
        deposits.start({ mint: quote.mint, amount: quote.amount, quote })
      }
      settling.settle(stored)
      settling.recover()
      nutzaps.start()
    },
    async adoptSeed(ciphertext, seed, unconfirmed) {
      await keys.adopt(ciphertext, seed, unconfirmed)
      notify()
      nutzaps.start()
      backup.changed() // the wallet exists now: its proofs go to relays
    },
    loginChanged() {
      settling.retry()
      nutzaps.retryFailed()
    },
    close() {
      deposits.stop()
      settling.stop()
      nutzaps.stop()
      backup.stop()
      closed = true
    },
  }
}
