/**
 * The wallet read back from relays alone (NIP-60), on a device that has none: the newest wallet
 * event (17375) gives the wallet key and the mints; the token events (7375) still standing (not
 * deleted by a kind 5 of the user, not rolled over into another's `del`) give the proofs, which
 * the mint is asked about (checkstate, 100 at a time). Unspent proofs come back available, spent
 * ones as deleted entries still naming their token event, so the sync rolls that event over.
 * A proof the mint reports pending (another device paying with it) is left out for now.
 * Quote events (7374: a deposit's mint quote id, encrypted; the mint in a public tag) not
 * deleted nor expired (NIP-40) are asked of their mint: a quote PAID and not yet ISSUED is
 * resumed as a deposit, so sats paid on another device are minted here (NUT-04).
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { CASHU } from '../../core/ecash/cashu-constants.ts'
import { withMintTimeout } from '../../core/ecash/cashu-mint.ts'
import { inBatches, type ProofEntry } from '../../core/ecash/cashu-proof-book.ts'
import {
  deletedIds,
  liveTokens,
  NIP60_KINDS,
  parseTokenContent,
  parseWalletSecret,
  type TokenContent,
} from '../../core/ecash/nip60.ts'
import type { Signer } from '../platform/signer.ts'
import { type LoadedMint, walletFor } from './cashu-mint-loader.ts'
import type { Nip60Relays } from './cashu-nip60.ts'
import type { CashuStore, WalletRecord } from './cashu-store.ts'

export const NIP60_RESTORE_ERRORS = {
  notFound: 'No ecash wallet was found on your relays',
} as const

/** The user's relays hold a wallet event. */
export async function hasRelayWallet(relays: Nip60Relays, pubkey: string): Promise<boolean> {
  const events = await relays.query([{ kinds: [NIP60_KINDS.wallet], authors: [pubkey], limit: 1 }])
  return events.some((e) => e.kind === NIP60_KINDS.wallet && e.pubkey === pubkey)
}

export interface RelayWallet {
  /** The wallet key (hex), or null when the event holds none. */
  privkey: string | null
  /** The wallet event's mints, then any other mint a token event names. */
  mints: string[]
  entries: ProofEntry[]
  /** Deposits paid at their mint and not yet minted, found in quote events. */
  quotes: WalletRecord['quotes']
}

export interface RestoreDeps {
  pubkey: string
  relays: Nip60Relays
  signer(): Signer
  loadedMint(url: string): Promise<LoadedMint>
  now(): number
}

export async function readRelayWallet(deps: RestoreDeps): Promise<RelayWallet> {
  const { pubkey, relays } = deps
  const events = (
    await relays.query([
      { kinds: [NIP60_KINDS.wallet], authors: [pubkey] },
      { kinds: [NIP60_KINDS.token], authors: [pubkey] },
      { kinds: [NIP60_KINDS.quote], authors: [pubkey] },
      {
        kinds: [NIP60_KINDS.deletion],
        authors: [pubkey],
        '#k': [String(NIP60_KINDS.token), String(NIP60_KINDS.quote)],
      },
    ])
  ).filter((e) => e.pubkey === pubkey)
  const walletEvent = events
    .filter((e) => e.kind === NIP60_KINDS.wallet)
    .sort((a, b) => b.created_at - a.created_at)[0]
  if (!walletEvent) throw new Error(NIP60_RESTORE_ERRORS.notFound)
  const decrypt = (ciphertext: string) => deps.signer().nip44Decrypt(pubkey, ciphertext)
  const wallet = parseWalletSecret(await decrypt(walletEvent.content))

  const tokens: { id: string; content: TokenContent }[] = []
  for (const event of events) {
    if (event.kind !== NIP60_KINDS.token) continue
    const content = parseTokenContent(await decrypt(event.content))
    if (content) tokens.push({ id: event.id, content })
  }
  const live = liveTokens(tokens, deletedIds(events, pubkey))

  const mints = [...new Set([...wallet.mints, ...live.map((t) => t.content.mint)])]
  const entries: ProofEntry[] = []
  const seen = new Set<string>()
  for (const mint of mints) {
    const held = live
      .filter((t) => t.content.mint === mint && t.content.unit === 'sat')
      .flatMap((t) => t.content.proofs.map((proof) => ({ proof, tokenId: t.id })))
      .filter(({ proof }) => !seen.has(proof.secret) && seen.add(proof.secret))
    if (held.length === 0) continue
    const checker = walletFor(await deps.loadedMint(mint))
    for (const batch of inBatches(held, CASHU.checkstateBatch)) {
      const states = await checker.checkProofsStates(batch.map((h) => h.proof))
      batch.forEach(({ proof, tokenId }, i) => {
        const state = states[i]?.state
        if (state !== 'UNSPENT' && state !== 'SPENT') return
        entries.push({
          proof,
          mint,
          tokenId,
          state: state === 'UNSPENT' ? 'available' : 'deleted',
          timestamp: deps.now(),
        })
      })
    }
  }
  const quotes = await paidQuotes(deps, events, decrypt)
  return { privkey: wallet.privkey, mints, entries, quotes }
}

const tagOf = (event: { tags: string[][] }, name: string) =>
  event.tags.find((t) => t[0] === name)?.[1]

/** The quote events still standing, asked of their mints: those PAID and not yet issued. */
async function paidQuotes(
  deps: RestoreDeps,
  events: readonly NostrEvent[],
  decrypt: (ciphertext: string) => Promise<string>,
): Promise<WalletRecord['quotes']> {
  const deleted = deletedIds(events, deps.pubkey)
  const nowSeconds = Math.floor(deps.now() / 1000)
  const found: WalletRecord['quotes'] = []
  for (const event of events) {
    if (event.kind !== NIP60_KINDS.quote || deleted.has(event.id)) continue
    const expiration = Number(tagOf(event, 'expiration'))
    if (Number.isFinite(expiration) && expiration <= nowSeconds) continue
    const mint = tagOf(event, 'mint')
    if (!mint) continue
    try {
      const quoteId = (await decrypt(event.content)).trim()
      if (!quoteId || found.some((q) => q.quote === quoteId)) continue
      const wallet = walletFor(await deps.loadedMint(mint))
      const state = await withMintTimeout(wallet.checkMintQuoteBolt11(quoteId))
      if (state.state !== 'PAID') continue
      const amount = typeof state.amount === 'number' ? state.amount : state.amount.toNumber()
      found.push({ quote: quoteId, request: state.request, amount, expiry: state.expiry, mint })
    } catch {
      // A quote that cannot be read or a mint that does not answer: the event stays on relays
      // and a later restore finds it again.
    }
  }
  return found
}

export interface RestoreWalletDeps extends RestoreDeps {
  /** The open wallet's store: its writes show in the wallet's view. */
  store: CashuStore
  addMint(url: string): Promise<unknown>
  /** Keeps the wallet key read from the relays (encrypted to the user). */
  keepWalletKey(hex: string): Promise<void>
}

/**
 * Reads the relay wallet and puts it in the local record: its mints, its key, its proofs (with
 * their token events), its paid deposits not yet minted (returned too, for the wallet to resume). Proofs already in the book stay as they are (a restore tried again).
 */
export async function restoreWallet(
  deps: RestoreWalletDeps,
): Promise<{ quotes: WalletRecord['quotes'] }> {
  const found = await readRelayWallet(deps)
  for (const mint of found.mints) await deps.addMint(mint)
  if (found.privkey) await deps.keepWalletKey(found.privkey)
  await deps.store.update(deps.pubkey, (record) => {
    const known = new Set(record.book.entries.map((e) => e.proof.secret))
    const fresh = found.entries.filter((e) => !known.has(e.proof.secret))
    const open = new Set(record.quotes.map((q) => q.quote))
    return {
      ...record,
      book: { ...record.book, entries: [...record.book.entries, ...fresh] },
      // Kept with the deposits waiting, so a reload before minting resumes them too.
      quotes: [...record.quotes, ...found.quotes.filter((q) => !open.has(q.quote))],
    }
  })
  return { quotes: found.quotes }
}
