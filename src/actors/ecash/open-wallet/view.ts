/**
 * What the wallet's screens see of an open wallet: the view derived from what its parts hold
 * (the record, deposits, settling, nutzaps), worked out again whenever any of them changes. Pure,
 * so the wallet only has to say when.
 */
import { balance } from '../../../core/ecash/cashu-proof-book.ts'
import type { WalletRecord } from '../cashu-store.ts'
import type { CashuView } from '../cashu-wallet-api.ts'

/** The view's parts that do not come from the record, and the record (null until read). */
export type ViewSource = Omit<CashuView, 'ready' | 'mints' | 'balances' | 'total' | 'history'> & {
  record: WalletRecord | null
}

export function walletView(source: ViewSource): CashuView {
  const { record } = source
  return {
    pubkey: source.pubkey,
    ready: record !== null,
    hasSeed: source.hasSeed,
    phraseUnconfirmed: source.phraseUnconfirmed,
    mints: record?.mints ?? [],
    balances: Object.fromEntries(
      (record?.mints ?? []).map((m) => [m.url, record ? balance(record.book, m.url) : 0]),
    ),
    total: record ? balance(record.book) : 0,
    history: record?.history ?? [],
    deposits: source.deposits,
    unsettled: source.unsettled,
    settleError: source.settleError,
    nutzaps: source.nutzaps,
    relayWallet: source.relayWallet,
  }
}
