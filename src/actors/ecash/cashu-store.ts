/**
 * The ecash wallet's local storage: one IndexedDB database of its own ('plume-cashu'), one
 * record per user holding the mints, the proof book with its journal, the history, the open
 * deposit quotes and the NUT-13 counters, written whole so that what belongs together (spent
 * inputs deleted, change added, the sent token kept) lands in one put. The seed is stored apart,
 * only as NIP-44 ciphertext to the user's own key.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { emptyBook, type ProofBook } from '../../core/ecash/cashu-proof-book.ts'
import type { DepositQuote } from '../../machines/deposit.machine.ts'
import { idbStore, type KeyValueStore } from '../platform/idb-store.ts'

export interface MintEntry {
  url: string
  name: string
}

export type HistoryKind = 'deposit' | 'send' | 'receive' | 'pay'

export interface HistoryEntry {
  id: string
  kind: HistoryKind
  mint: string
  amount: number
  /** Milliseconds. */
  at: number
  /** A sent token, kept so it can be shown (or reclaimed) again. */
  token?: string
  /** Sats paid to the mint beyond the amount (a payment's Lightning and input fees). */
  fee?: number
  /** The sent token's proof secrets: a restore after a reload must not count them again. */
  secrets?: string[]
  /** A nutzap (NIP-61) sent or redeemed: the other side and the kind 9321 event. */
  nutzap?: NutzapNote
}

export interface NutzapNote {
  /** The recipient of a sent nutzap, the sender of a redeemed one. */
  peer: string
  /** The kind 9321 event's id. */
  event: string
  comment?: string
}

/**
 * A nutzap being sent, kept from before the mint's swap until published (NIP-61): what
 * cashu-nutzap-pending.ts needs to finish it after a reload.
 */
export interface PendingNutzap {
  /** The reservation operation's id, also the history entry's. */
  opId: string
  /** The mint as this wallet has it, and as the recipient's 10019 spells it (the u tag). */
  mint: string
  listed: string
  recipient: string
  amount: number
  comment: string
  event?: { id: string; kind: number; relay?: string }
  /** The locked outputs' blinding data, hex. */
  outputs: { amount: number; id: string; B_: string; r: string; secret: string }[]
  /** The relays the 9321 goes to. */
  relays: string[]
  /** The signed 9321, once made. */
  signed?: NostrEvent
}

/**
 * Counters reserved by an operation (its pending recovery), so a reload in its middle or an
 * answer lost after the mint acted can restore its outputs (NUT-09): kept until the mint
 * provably signed nothing or the outputs are restored.
 */
export interface OpCounters {
  keysetId: string
  start: number
  /** Milliseconds, when the operation took its first counter. */
  at: number
  /** The mint it ran against. */
  mint: string
  /** What the operation was (absent in records written before it was kept). */
  operation?: 'send' | 'melt' | 'swap' | 'receive' | 'deposit'
  /** A melt's quote (NUT-05): a payment left pending is settled once its quote is. */
  quote?: string
  /** The nutzap a receive redeems (NIP-61): its recovery records it as redeemed. */
  nutzap?: NutzapNote
}

export interface WalletRecord {
  mints: MintEntry[]
  book: ProofBook
  history: HistoryEntry[]
  /** Deposits waiting for payment, resumed after a reload. */
  quotes: (DepositQuote & { mint: string })[]
  /** NUT-13: the next counter per keyset id. */
  counters: Record<string, number>
  opCounters: Record<string, OpCounters>
  /** Nutzap events (kind 9321) whose redemption failed, tried again when the wallet opens. */
  nutzapsWaiting?: NostrEvent[]
  /** Nutzaps being sent, from before the mint's swap until published (cashu-nutzap-pending). */
  nutzapsPending?: PendingNutzap[]
  /** Ids of nutzaps refused (a mint not listed, another key, no valid DLEQ): not tried again. */
  nutzapsRefused?: string[]
}

/**
 * A secret at rest, encrypted to the user's own key (NIP-44): the seed (its mnemonic) and the
 * wallet key (the hex private key P2PK-locked nutzaps are sent to, NIP-60/61).
 */
export interface SeedRecord {
  version: 1
  pubkey: string
  ciphertext: string
  /** A new seed whose phrase the user has not yet confirmed writing down: shown again until then. */
  unconfirmed?: true
}

export const emptyRecord = (): WalletRecord => ({
  mints: [],
  book: emptyBook(),
  history: [],
  quotes: [],
  counters: {},
  opCounters: {},
})

export const CASHU_DATABASE = 'plume-cashu'

export interface CashuStore {
  read(pubkey: string): Promise<WalletRecord>
  /** Applies `change` to the latest record and writes it; changes run one after another. */
  update(pubkey: string, change: (record: WalletRecord) => WalletRecord): Promise<WalletRecord>
  seed(pubkey: string): Promise<SeedRecord | null>
  saveSeed(record: SeedRecord): Promise<void>
  walletKey(pubkey: string): Promise<SeedRecord | null>
  saveWalletKey(record: SeedRecord): Promise<void>
}

/**
 * Another tab of the app may change the same record at any time: nothing is kept in memory, every
 * change reads the stored record anew, and where the browser has Web Locks the read and the write
 * hold a lock every tab shares (two tabs would otherwise each write over the other's proofs).
 */
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  return locks ? locks.request(CASHU_DATABASE, work) : work()
}

export function createCashuStore(kv: KeyValueStore = idbStore(CASHU_DATABASE, 'wallet')) {
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work)
    queue = next.catch(() => {})
    return next
  }
  const load = async (pubkey: string): Promise<WalletRecord> => {
    const stored = (await kv.get(`wallet:${pubkey}`)) as Partial<WalletRecord> | null
    return { ...emptyRecord(), ...stored }
  }
  const store: CashuStore = {
    read: (pubkey) => serial(() => load(pubkey)),
    update: (pubkey, change) =>
      serial(() =>
        exclusive(async () => {
          const next = change(await load(pubkey))
          await kv.set(`wallet:${pubkey}`, next)
          return next
        }),
      ),
    seed: async (pubkey) => (await kv.get(`seed:${pubkey}`)) as SeedRecord | null,
    saveSeed: (record) => kv.set(`seed:${record.pubkey}`, record),
    walletKey: async (pubkey) => (await kv.get(`walletkey:${pubkey}`)) as SeedRecord | null,
    saveWalletKey: (record) => kv.set(`walletkey:${record.pubkey}`, record),
  }
  return store
}
