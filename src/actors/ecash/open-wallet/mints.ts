/**
 * A session's mints: each loaded once (info, keysets, verified keys) and its cashu-ts wallet made
 * once with the seed, both forgotten on failure so the next use tries again; mints added and
 * removed; and the effects the wallet's operations run with, which are the session's store and
 * these wallets.
 */
import type { Wallet } from '@cashu/cashu-ts'
import { removalRefusal } from '../../../core/ecash/cashu-mint-info.ts'
import { balance } from '../../../core/ecash/cashu-proof-book.ts'
import { storedCounters } from '../cashu-counters.ts'
import { type LoadedMint, loadMint, walletFor } from '../cashu-mint-loader.ts'
import type { MintEntry } from '../cashu-store.ts'
import type { TransferDeps } from '../cashu-transfer.ts'
import { seedOf } from './keys.ts'
import { newId, type Session, type SessionDeps, sessionStore } from './open-wallet.ts'

export function loadedMint(d: SessionDeps, s: Session, url: string): Promise<LoadedMint> {
  let loading = s.mints.get(url)
  if (!loading) {
    loading = loadMint(url, d.loadTimeoutMs)
    s.mints.set(url, loading)
    loading.catch(() => s.mints.delete(url))
  }
  return loading
}

function walletOf(d: SessionDeps, s: Session, url: string): Promise<Wallet> {
  let wallet = s.wallets.get(url)
  if (!wallet) {
    const counterSource = storedCounters(sessionStore(d, s), s.pubkey)
    wallet = Promise.all([loadedMint(d, s, url), seedOf(d, s)]).then(([loaded, bip39seed]) =>
      walletFor(loaded, { bip39seed, counterSource }),
    )
    s.wallets.set(url, wallet)
    wallet.catch(() => s.wallets.delete(url))
  }
  return wallet
}

/** What deposits and settling run with. */
export const effectsOf = (d: SessionDeps, s: Session) => ({
  store: sessionStore(d, s),
  pubkey: s.pubkey,
  walletOf: (url: string) => walletOf(d, s, url),
  now: d.now,
})

/** What sends, receives, payments and nutzaps run with. */
export const transferDeps = (d: SessionDeps, s: Session): TransferDeps => ({
  ...effectsOf(d, s),
  loadedMint: (url) => loadedMint(d, s, url),
  newId,
})

export async function addMint(d: SessionDeps, s: Session, url: string): Promise<MintEntry> {
  const loaded = await loadedMint(d, s, url)
  const entry: MintEntry = { url, name: loaded.info.name || url }
  await sessionStore(d, s).update(s.pubkey, (record) =>
    record.mints.some((m) => m.url === url)
      ? record
      : { ...record, mints: [...record.mints, entry] },
  )
  void s.nutzaps?.refresh() // the 10019 names the wallet's mints
  return entry
}

/** Removes a mint holding nothing and used by no operation; else throws why not. */
export async function removeMint(d: SessionDeps, s: Session, url: string): Promise<void> {
  await sessionStore(d, s).update(s.pubkey, (record) => {
    const refusal = removalRefusal({
      known: record.mints.some((m) => m.url === url),
      balance: balance(record.book, url),
      operations:
        record.book.journal.filter((j) => j.mint === url).length +
        record.quotes.filter((q) => q.mint === url).length +
        [...s.deposits.values()].filter(({ view }) => view.mint === url && !view.outcome).length,
    })
    if (refusal) throw new Error(refusal)
    return { ...record, mints: record.mints.filter((m) => m.url !== url) }
  })
  s.mints.delete(url)
  s.wallets.delete(url)
  void s.nutzaps?.refresh() // the 10019 names the wallet's mints
}
