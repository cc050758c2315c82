/**
 * An open wallet on the user's relays (NIP-60): the sync keeping it there while the wallet is
 * open, and, while there is no wallet on this device, whether the relays hold one to restore.
 */
import { NIP60_RETRY_MS } from '../../../core/ecash/nip60.ts'
import type { KeyValueStore } from '../../platform/idb-store.ts'
import { type Nip60Relays, type Nip60Sync, nip60Relays, startNip60Sync } from '../cashu-nip60.ts'
import { hasRelayWallet } from '../cashu-nip60-restore.ts'
import type { CashuStore } from '../cashu-store.ts'
import type { Changed, RelayAccess, WalletKey } from './part-deps.ts'

export interface RelayBackupDeps extends RelayAccess {
  pubkey: string
  /** The open wallet's store: book writes made by the sync show in its view. */
  store: CashuStore
  /** Where the sync notes what it published (default: the wallet's own database). */
  notes?: KeyValueStore
  hasWalletKey(): Promise<boolean>
  walletKey: WalletKey
  now(): number
  hasSeed(): boolean
  /** The open wallet is not closed yet. */
  isOpen(): boolean
  changed: Changed
}

export interface RelayBackup {
  /** The user's relays as NIP-60 uses them; null without relays. */
  relays(): Nip60Relays | null
  /** The record (or the wallet) changed: the sync follows. */
  changed(): void
  /** Without a wallet here: do the user's relays hold one? Asked again, relays being slow. */
  lookForWallet(tries: number): void
  /** The user's relays hold a wallet this device has not. */
  found(): boolean
  /** The relays' wallet was restored here. */
  restored(): void
  stop(): void
}

/** Starts the sync at once, given the relays. */
export function startRelayBackup(deps: RelayBackupDeps): RelayBackup {
  const { pubkey, hub, pool } = deps
  let relays: Nip60Relays | null = null
  let sync: Nip60Sync | null = null
  let found = false
  if (hub && pool) {
    relays = nip60Relays({ hub, pool }, deps.signer, pubkey)
    sync = startNip60Sync({
      pubkey,
      store: deps.store,
      ...(deps.notes ? { notes: deps.notes } : {}),
      relays,
      signer: deps.signer,
      hasWallet: deps.hasWalletKey,
      walletKey: deps.walletKey,
      now: deps.now,
    })
  }

  const lookForWallet = (tries: number): void => {
    const held = relays
    if (!held || tries <= 0) return
    const again = () => setTimeout(() => lookForWallet(tries - 1), NIP60_RETRY_MS)
    hasRelayWallet(held, pubkey).then((there) => {
      if (!deps.isOpen() || deps.hasSeed()) return
      if (there !== found) {
        found = there
        deps.changed()
      }
      if (!there) again()
    }, again)
  }

  return {
    relays: () => relays,
    changed: () => sync?.changed(),
    lookForWallet,
    found: () => found,
    restored() {
      found = false
    },
    stop: () => sync?.stop(),
  }
}
