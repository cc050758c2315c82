/**
 * NIP-61 nutzaps: the nutzap info event (kind 10019: the relays a user reads nutzaps from, the
 * mints they accept them on and the key to lock them to) and the nutzap itself (kind 9321:
 * P2PK-locked proofs with DLEQ proofs, so that anyone can check it offline). An incoming nutzap
 * is accepted only from a mint the user listed, locked to the user's wallet key, with every
 * proof's DLEQ valid against the mint's keys (nip61-check.ts, apart: it needs cashu-ts, which
 * the screens that only read a 10019 do not load).
 */
import type { EventTemplate, NostrEvent } from 'nostr-tools/pure'
import { normalizeMintUrl } from './cashu-mint.ts'
import { lockPubkey } from './cashu-p2pk.ts'
import { type StoredProof, toStoredProof } from './cashu-proof-book.ts'

export const NIP61_KINDS = { info: 10019, nutzap: 9321 } as const

export const NUTZAP_ERRORS = {
  redeemFailed: 'Failed to redeem nutzaps',
  noInfo: 'This user has not set up ecash receiving (no nutzap info)',
  noCommonMint: 'None of your mints with enough balance is one this user accepts',
  notListed: 'The nutzap is from a mint you do not accept',
  notLocked: 'The nutzap is not locked to your wallet key',
  noProofs: 'The nutzap holds no proofs',
  unit: 'The nutzap is not in sats',
  /** The mint says its proofs are spent and no try of this wallet's swapped them. */
  redeemedElsewhere: 'The nutzap was already redeemed elsewhere',
} as const

export const NUTZAP_UNIT = 'sat'

export interface NutzapMint {
  /** Exactly as the user wrote it: a nutzap's `u` tag repeats it. */
  url: string
  /** Base units; empty when the tag names none. */
  units: string[]
}

export interface NutzapInfo {
  relays: string[]
  mints: NutzapMint[]
  /** The P2PK key to lock to, 66 hex (the 02 prefix added to a 64-character key). */
  pubkey: string
}

export function nutzapInfoTemplate(info: NutzapInfo, createdAt: number): EventTemplate {
  return {
    kind: NIP61_KINDS.info,
    created_at: createdAt,
    content: '',
    tags: [
      ...info.relays.map((url) => ['relay', url]),
      ...info.mints.map((m) => ['mint', m.url, ...m.units]),
      ['pubkey', lockPubkey(info.pubkey)],
    ],
  }
}

/** The info a 10019 gives, or null when it names no usable key or no mint. */
export function parseNutzapInfo(event: Pick<NostrEvent, 'kind' | 'tags'>): NutzapInfo | null {
  if (event.kind !== NIP61_KINDS.info) return null
  const relays: string[] = []
  const mints: NutzapMint[] = []
  let pubkey: string | null = null
  for (const [name, value, ...rest] of event.tags) {
    if (!value) continue
    if (name === 'relay' && !relays.includes(value)) relays.push(value)
    if (name === 'mint' && !mints.some((m) => m.url === value))
      mints.push({ url: value, units: rest })
    if (name === 'pubkey' && pubkey === null) {
      try {
        pubkey = lockPubkey(value)
      } catch {
        // A bad key tag is skipped: a later good one may follow.
      }
    }
  }
  return pubkey && mints.length > 0 ? { relays, mints, pubkey } : null
}

/** The mint URL in a comparable form (never throws: an unusable URL compares as written). */
export function mintKey(url: string): string {
  try {
    return normalizeMintUrl(url)
  } catch {
    return url
  }
}

/** Whether the listed mint takes sats: no unit markers means the default, sats. */
const takesSats = (mint: NutzapMint) => mint.units.length === 0 || mint.units.includes(NUTZAP_UNIT)

/** The recipient's listed mint (as they wrote it) that is this wallet mint, if any. */
export function listedMint(info: NutzapInfo, walletMint: string): NutzapMint | undefined {
  const key = mintKey(walletMint)
  return info.mints.find((m) => mintKey(m.url) === key && takesSats(m))
}

/**
 * What a nutzap to them can be paid from: this wallet's mints the recipient lists (and that take
 * sats), and the sats this wallet holds on them.
 */
export function acceptedFunds<M extends { url: string }>(
  info: NutzapInfo,
  mints: readonly M[],
  balances: Readonly<Record<string, number>>,
): { mints: M[]; total: number } {
  const accepted = mints.filter((mint) => listedMint(info, mint.url))
  const total = accepted.reduce((sum, mint) => sum + (balances[mint.url] ?? 0), 0)
  return { mints: accepted, total }
}

export interface NutzapInput {
  recipient: string
  /** The mint as the recipient's 10019 spells it. */
  mint: string
  proofs: StoredProof[]
  comment: string
  /** The nutzapped event, if any. */
  event?: { id: string; kind: number; relay?: string }
}

export function nutzapTemplate(input: NutzapInput, createdAt: number): EventTemplate {
  const { event } = input
  return {
    kind: NIP61_KINDS.nutzap,
    created_at: createdAt,
    content: input.comment,
    tags: [
      ...input.proofs.map((proof) => ['proof', JSON.stringify(proof)]),
      ['unit', NUTZAP_UNIT],
      ['u', input.mint],
      ...(event
        ? [event.relay ? ['e', event.id, event.relay] : ['e', event.id], ['k', String(event.kind)]]
        : []),
      ['p', input.recipient],
    ],
  }
}

export interface Nutzap {
  id: string
  sender: string
  recipient: string
  mint: string
  unit: string
  proofs: StoredProof[]
  comment: string
  /** The nutzapped event's id, if any. */
  event: string | null
  createdAt: number
}

const isProof = (value: unknown): value is StoredProof => {
  const p = value as Partial<StoredProof> | null
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.id === 'string' &&
    typeof p.secret === 'string' &&
    typeof p.C === 'string' &&
    Number.isSafeInteger(p.amount) &&
    (p.amount as number) > 0
  )
}

/** A 9321's parts, or null when it is not a nutzap (no mint, no recipient, unreadable proofs). */
export function parseNutzap(event: NostrEvent): Nutzap | null {
  if (event.kind !== NIP61_KINDS.nutzap) return null
  const tag = (name: string) => event.tags.find((t) => t[0] === name)?.[1]
  const mint = tag('u')
  const recipient = tag('p')
  if (!mint || !recipient) return null
  const proofs: StoredProof[] = []
  for (const t of event.tags) {
    if (t[0] !== 'proof' || !t[1]) continue
    let proof: unknown
    try {
      proof = JSON.parse(t[1])
    } catch {
      return null
    }
    if (!isProof(proof)) return null
    proofs.push(toStoredProof(proof))
  }
  return {
    id: event.id,
    sender: event.pubkey,
    recipient,
    mint,
    unit: tag('unit') ?? NUTZAP_UNIT,
    proofs,
    comment: event.content,
    event: tag('e') ?? null,
    createdAt: event.created_at,
  }
}

/** The key a P2PK secret locks to (NUT-10/11), or null for any other secret. */
export function lockedTo(secret: string): string | null {
  try {
    const parsed: unknown = JSON.parse(secret)
    if (!Array.isArray(parsed) || parsed[0] !== 'P2PK') return null
    const data = (parsed[1] as { data?: unknown } | undefined)?.data
    return typeof data === 'string' ? data.toLowerCase() : null
  } catch {
    return null
  }
}
