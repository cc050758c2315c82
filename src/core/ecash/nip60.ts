import type { ProofBook, ProofEntry, StoredProof } from './cashu-proof-book.ts'

/**
 * NIP-60 wallet events (lightning-and-ecash §3, wallet event kinds): the wallet (17375), token
 * events (7375), spending history (7376), quote events (7374) and their deletions (kind 5 with a
 * k tag). Pure: builders return the plaintext to encrypt (NIP-44 to the user's own key, done by
 * the actor through the signer) and the public tags; parsers read decrypted content back.
 */

export const NIP60_KINDS = {
  wallet: 17375,
  token: 7375,
  history: 7376,
  quote: 7374,
  deletion: 5,
} as const

export interface HistoryInput {
  direction: 'in' | 'out'
  amount: number
  unit?: string
  created?: string[]
  destroyed?: string[]
  redeemed?: { id: string; relay?: string }[]
  sender?: string
}

/** kind 7376: `secret` is the tag list to NIP-44-encrypt into content; `tags` stay public (redeemed e tags, the sender's p tag). */
export function historyParts(input: HistoryInput): { secret: string[][]; tags: string[][] } {
  const secret: string[][] = [
    ['direction', input.direction],
    ['amount', String(input.amount)],
    ['unit', input.unit ?? 'sat'],
    ...(input.created ?? []).map((id) => ['e', id, '', 'created']),
    ...(input.destroyed ?? []).map((id) => ['e', id, '', 'destroyed']),
  ]
  // NIP-60: redeemed nutzaps stay readable by anyone, so a sender's client sees them redeemed.
  const tags: string[][] = [
    ...(input.redeemed ?? []).map((r) => ['e', r.id, r.relay ?? '', 'redeemed']),
    ...(input.sender ? [['p', input.sender]] : []),
  ]
  return { secret, tags }
}

/** NIP-60 quote events carry a NIP-40 expiration two weeks out (a Lightning payment's longest flight). */
export const QUOTE_EVENT_LIFETIME_SECONDS = 14 * 24 * 60 * 60
/** The spec's publishing retry interval (lightning-and-ecash §9). */
export const NIP60_RETRY_MS = 10_000
/** The spec's balance update debounce (lightning-and-ecash §9). */
export const NIP60_DEBOUNCE_MS = 100

export interface Nip60Template {
  kind: number
  tags: string[][]
  content: string
  created_at: number
}

/** An event as read from relays: what the parsers need of it. */
export interface Nip60Event {
  id: string
  kind: number
  pubkey: string
  created_at: number
  tags: string[][]
  content: string
}

export interface WalletSecret {
  /** The wallet's own P2PK key (hex), not the user's Nostr key; null when the event has none. */
  privkey: string | null
  mints: string[]
}

export const NIP60_ERRORS = {
  badContent: 'This wallet event cannot be read',
  noPrivkey: 'A wallet must have a private key to be backed up',
} as const

/** kind 17375: the tag list to encrypt into content (its tags stay empty). */
export function walletSecretTags(wallet: {
  privkey: string
  mints: readonly string[]
}): string[][] {
  // Without its key the wallet on relays could not take nutzaps: never publish one like that.
  if (!/^[0-9a-f]{64}$/i.test(wallet.privkey)) throw new Error(NIP60_ERRORS.noPrivkey)
  return [['privkey', wallet.privkey], ...wallet.mints.map((url) => ['mint', url])]
}

const isTagList = (value: unknown): value is string[][] =>
  Array.isArray(value) &&
  value.every((tag) => Array.isArray(tag) && tag.every((part) => typeof part === 'string'))

/** The decrypted content of a kind 17375 event. */
export function parseWalletSecret(plaintext: string): WalletSecret {
  let tags: unknown
  try {
    tags = JSON.parse(plaintext)
  } catch {
    throw new Error(NIP60_ERRORS.badContent)
  }
  if (!isTagList(tags)) throw new Error(NIP60_ERRORS.badContent)
  const privkey = tags.find((t) => t[0] === 'privkey')?.[1]
  return {
    privkey: privkey && /^[0-9a-f]{64}$/i.test(privkey) ? privkey.toLowerCase() : null,
    mints: [...new Set(tags.filter((t) => t[0] === 'mint' && t[1]).map((t) => t[1] as string))],
  }
}

export interface TokenProof {
  id: string
  amount: number
  secret: string
  C: string
  dleq?: { e: string; s: string; r?: string }
  witness?: string
}

export interface TokenContent {
  mint: string
  unit: string
  proofs: TokenProof[]
  /** Token events this one replaces. */
  del: string[]
}

/** kind 7375: the JSON to encrypt into content. */
export function tokenPlaintext(token: {
  mint: string
  unit?: string
  proofs: readonly TokenProof[]
  del?: readonly string[]
}): string {
  return JSON.stringify({
    mint: token.mint,
    unit: token.unit ?? 'sat',
    proofs: token.proofs,
    del: token.del ?? [],
  })
}

const isProof = (value: unknown): value is TokenProof => {
  if (typeof value !== 'object' || value === null) return false
  const p = value as Record<string, unknown>
  return (
    typeof p.id === 'string' &&
    typeof p.secret === 'string' &&
    typeof p.C === 'string' &&
    typeof p.amount === 'number' &&
    Number.isSafeInteger(p.amount) &&
    p.amount > 0
  )
}

/** The decrypted content of a kind 7375 event, or null when it is not one. */
export function parseTokenContent(plaintext: string): TokenContent | null {
  let data: unknown
  try {
    data = JSON.parse(plaintext)
  } catch {
    return null
  }
  if (typeof data !== 'object' || data === null) return null
  const d = data as Record<string, unknown>
  if (typeof d.mint !== 'string' || d.mint === '' || !Array.isArray(d.proofs)) return null
  if (!d.proofs.every(isProof)) return null
  const del = Array.isArray(d.del) ? d.del.filter((id): id is string => typeof id === 'string') : []
  return {
    mint: d.mint,
    unit: typeof d.unit === 'string' && d.unit !== '' ? d.unit : 'sat',
    proofs: d.proofs.map((p) => {
      const { id, amount, secret, C, dleq, witness } = p
      return {
        id,
        amount,
        secret,
        C,
        ...(dleq ? { dleq } : {}),
        ...(typeof witness === 'string' ? { witness } : {}),
      }
    }),
    del,
  }
}

/** The decrypted content of a kind 7376 event, with its public tags. */
export function parseHistory(
  secret: string[][],
  tags: readonly string[][] = [],
): HistoryInput | null {
  const all = [...secret, ...tags]
  const direction = all.find((t) => t[0] === 'direction')?.[1]
  const amount = Number(all.find((t) => t[0] === 'amount')?.[1])
  if ((direction !== 'in' && direction !== 'out') || !Number.isFinite(amount)) return null
  const marked = (marker: string) => all.filter((t) => t[0] === 'e' && t[3] === marker && t[1])
  const sender = tags.find((t) => t[0] === 'p')?.[1]
  return {
    direction,
    amount,
    unit: all.find((t) => t[0] === 'unit')?.[1] ?? 'sat',
    created: marked('created').map((t) => t[1] as string),
    destroyed: marked('destroyed').map((t) => t[1] as string),
    redeemed: marked('redeemed').map((t) => ({ id: t[1] as string, relay: t[2] || undefined })),
    ...(sender ? { sender } : {}),
  }
}

/** kind 7374: the quote id is what gets encrypted; the expiration and the mint stay public. */
export function quoteParts(input: { quoteId: string; mint: string; now: number }): {
  secret: string
  tags: string[][]
} {
  return {
    secret: input.quoteId,
    tags: [
      ['expiration', String(input.now + QUOTE_EVENT_LIFETIME_SECONDS)],
      ['mint', input.mint],
    ],
  }
}

/** kind 5 deleting the user's own events of one kind (NIP-09), with the k tag NIP-60 asks for. */
export function deletionTemplate(ids: readonly string[], kind: number, now: number): Nip60Template {
  return {
    kind: NIP60_KINDS.deletion,
    tags: [...ids.map((id) => ['e', id]), ['k', String(kind)]],
    content: '',
    created_at: now,
  }
}

/** Ids the user's kind 5 events delete (only those by the user count, NIP-09). */
export function deletedIds(events: readonly Nip60Event[], author: string): Set<string> {
  const ids = new Set<string>()
  for (const event of events) {
    if (event.kind !== NIP60_KINDS.deletion || event.pubkey !== author) continue
    for (const tag of event.tags) if (tag[0] === 'e' && tag[1]) ids.add(tag[1])
  }
  return ids
}

/**
 * Token events still standing: not deleted by a kind 5 of the user, and not named in the `del`
 * of another token event (it was rolled over, even if its deletion never reached this relay).
 */
export function liveTokens<T extends { id: string; content: TokenContent }>(
  tokens: readonly T[],
  deleted: ReadonlySet<string>,
): T[] {
  const replaced = new Set(tokens.flatMap((t) => t.content.del))
  return tokens.filter((t) => !deleted.has(t.id) && !replaced.has(t.id))
}

export interface TokenPublish {
  mint: string
  proofs: StoredProof[]
  /** Token events this one rolls over (they are deleted in the same round). */
  del: string[]
}

export interface TokenPlan {
  publish: TokenPublish[]
  /** Token events to delete (kind 5, k 7375): some of their proofs are spent. */
  delete: string[]
}

/**
 * What the relays need so that they hold the book's unspent proofs (NIP-60 "spending token"):
 * available proofs without a token event go into a new one per mint; a token event some of whose
 * proofs are spent is deleted and its unspent proofs rolled over into the mint's new event, which
 * names it in `del`. A token event with a proof still reserved waits until the operation settles
 * (the proof may come back). Deleted entries still carrying a token id mark events to delete:
 * the actor drops their token id once the deletion is published.
 */
export function planTokenEvents(book: ProofBook): TokenPlan {
  const byToken = new Map<string, ProofEntry[]>()
  const byMint = new Map<string, TokenPublish>()
  const target = (mint: string): TokenPublish => {
    let item = byMint.get(mint)
    if (!item) {
      item = { mint, proofs: [], del: [] }
      byMint.set(mint, item)
    }
    return item
  }
  for (const entry of book.entries) {
    if (entry.tokenId !== undefined) {
      const list = byToken.get(entry.tokenId) ?? []
      list.push(entry)
      byToken.set(entry.tokenId, list)
    } else if (entry.state === 'available') {
      target(entry.mint).proofs.push(entry.proof)
    }
  }
  const toDelete: string[] = []
  for (const [id, entries] of byToken) {
    if (
      !entries.some((e) => e.state === 'deleted') ||
      entries.some((e) => e.state === 'reserved')
    ) {
      continue
    }
    toDelete.push(id)
    const unspent = entries.filter((e) => e.state === 'available')
    for (const entry of unspent) target(entry.mint).proofs.push(entry.proof)
    const first = unspent[0]
    if (first) target(first.mint).del.push(id)
  }
  return {
    publish: [...byMint.values()].filter((item) => item.proofs.length > 0),
    delete: toDelete,
  }
}

/** The book once `item` is published as event `id`: its proofs carry the token id. */
export function markPublished(book: ProofBook, item: TokenPublish, id: string): ProofBook {
  const secrets = new Set(item.proofs.map((p) => p.secret))
  return {
    ...book,
    entries: book.entries.map((e) =>
      // Spent meanwhile too: the event holds it, so the event must be rolled over later.
      secrets.has(e.proof.secret) && e.mint === item.mint ? { ...e, tokenId: id } : e,
    ),
  }
}

/** The book once token events `ids` are deleted: spent entries no longer name them. */
export function markDeleted(book: ProofBook, ids: readonly string[]): ProofBook {
  const gone = new Set(ids)
  return {
    ...book,
    entries: book.entries.map((e) => {
      if (e.state !== 'deleted' || e.tokenId === undefined || !gone.has(e.tokenId)) return e
      const { tokenId: _, ...rest } = e
      return rest
    }),
  }
}
