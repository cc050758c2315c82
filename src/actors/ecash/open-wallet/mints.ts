/**
 * An open wallet's mints: each loaded once (info, keysets, verified keys) and its cashu-ts
 * wallet made once with the seed, both forgotten on failure so the next use tries again; mints
 * added to the record and removed from it.
 */
import type { Wallet } from '@cashu/cashu-ts'
import { removalRefusal } from '../../../core/ecash/cashu-mint-info.ts'
import { balance } from '../../../core/ecash/cashu-proof-book.ts'
import { storedCounters } from '../cashu-counters.ts'
import { type LoadedMint, loadMint, walletFor } from '../cashu-mint-loader.ts'
import type { CashuStore, MintEntry } from '../cashu-store.ts'

export interface MintsDeps {
  pubkey: string
  /** The open wallet's store: the record's writes show in its view. */
  store: CashuStore
  /** Mint load timeout, ms (the loader's default when absent). */
  loadTimeoutMs?: number
  seed(): Promise<Uint8Array>
  /** Deposits at the mint not yet finished: a mint in use is not removed. */
  unfinishedDeposits(mint: string): number
  /** A mint was added or removed (the 10019 names the wallet's mints). */
  mintsChanged(): void
}

export interface WalletMints {
  loaded(url: string): Promise<LoadedMint>
  walletOf(url: string): Promise<Wallet>
  add(url: string): Promise<MintEntry>
  /** Removes a mint holding nothing and used by no operation; else throws why not. */
  remove(url: string): Promise<void>
}

export function createWalletMints(deps: MintsDeps): WalletMints {
  const { pubkey, store } = deps
  const loading = new Map<string, Promise<LoadedMint>>()
  const wallets = new Map<string, Promise<Wallet>>()

  const loaded = (url: string): Promise<LoadedMint> => {
    let mint = loading.get(url)
    if (!mint) {
      mint = loadMint(url, deps.loadTimeoutMs)
      loading.set(url, mint)
      mint.catch(() => loading.delete(url))
    }
    return mint
  }

  const walletOf = (url: string): Promise<Wallet> => {
    let wallet = wallets.get(url)
    if (!wallet) {
      const counterSource = storedCounters(store, pubkey)
      wallet = Promise.all([loaded(url), deps.seed()]).then(([mint, bip39seed]) =>
        walletFor(mint, { bip39seed, counterSource }),
      )
      wallets.set(url, wallet)
      wallet.catch(() => wallets.delete(url))
    }
    return wallet
  }

  return {
    loaded,
    walletOf,
    async add(url) {
      const mint = await loaded(url)
      const entry: MintEntry = { url, name: mint.info.name || url }
      await store.update(pubkey, (record) =>
        record.mints.some((m) => m.url === url)
          ? record
          : { ...record, mints: [...record.mints, entry] },
      )
      deps.mintsChanged()
      return entry
    },
    async remove(url) {
      await store.update(pubkey, (record) => {
        const refusal = removalRefusal({
          known: record.mints.some((m) => m.url === url),
          balance: balance(record.book, url),
          operations:
            record.book.journal.filter((j) => j.mint === url).length +
            record.quotes.filter((q) => q.mint === url).length +
            deps.unfinishedDeposits(url),
        })
        if (refusal) throw new Error(refusal)
        return { ...record, mints: record.mints.filter((m) => m.url !== url) }
      })
      loading.delete(url)
      wallets.delete(url)
      deps.mintsChanged()
    },
  }
}
