/**
 * What the wallet's screens see of a session: the view derived from what the session holds (its
 * record, deposits, settling and nutzaps), worked out again whenever any of them changes. Pure,
 * so the wallet only has to say when.
 */
import { balance } from '../../../core/ecash/cashu-proof-book.ts'
import { NO_NUTZAPS } from '../cashu-nutzap-service.ts'
import { type CashuView, EMPTY_VIEW } from '../cashu-wallet-api.ts'
import type { Session } from './open-wallet.ts'

/** Why settling waits: the first unresolved operation's error. */
function settleError(s: Session): string | null {
  for (const actor of s.settling.values()) {
    const snapshot = actor.getSnapshot()
    if (snapshot.matches('unresolved')) return snapshot.context.error
  }
  return null
}

export function sessionView(s: Session | null): CashuView {
  if (!s) return EMPTY_VIEW
  const record = s.record
  return {
    pubkey: s.pubkey,
    ready: record !== null,
    hasSeed: s.hasSeed,
    phraseUnconfirmed: s.phraseUnconfirmed,
    mints: record?.mints ?? [],
    balances: Object.fromEntries(
      (record?.mints ?? []).map((m) => [m.url, record ? balance(record.book, m.url) : 0]),
    ),
    total: record ? balance(record.book) : 0,
    history: record?.history ?? [],
    deposits: [...s.deposits.values()].map((d) => d.view),
    unsettled: s.settling.size,
    settleError: settleError(s),
    nutzaps: s.nutzaps?.view() ?? NO_NUTZAPS,
    relayWallet: s.relayWallet,
  }
}
