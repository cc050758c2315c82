/**
 * Keeps the user's relays in step with the local ecash wallet (NIP-60; lightning-and-ecash §3,
 * §4, §9). It watches the wallet record and, 100 ms after the last change: publishes the wallet
 * event (17375: the wallet key and the mints, encrypted to the user) when the mints change; token
 * events (7375) for proofs not yet in one (noted in the book only once a relay gives the event
 * back: backed up means read back, not one OK), rolling over events some of whose proofs were spent
 * and deleting those (kind 5, k 7375), noting each proof's token event in the book; a spending
 * history event (7376) per history entry; a quote event (7374) per open deposit quote, deleted
 * once the quote leaves the record (the deposit done). Everything it sends is derived from the
 * record, so a publish that fails is simply tried again 10000 ms later: nothing is lost locally.
 */
import type { Filter } from 'nostr-tools/filter'
import type { EventTemplate, NostrEvent } from 'nostr-tools/pure'
import {
  deletionTemplate,
  historyParts,
  markDeleted,
  markPublished,
  NIP60_DEBOUNCE_MS,
  NIP60_KINDS,
  NIP60_RETRY_MS,
  planTokenEvents,
  quoteParts,
  tokenPlaintext,
  walletSecretTags,
} from '../../core/ecash/nip60.ts'
import { isReplaceableKind, replacementCreatedAt } from '../../core/relays/nip01.ts'
import { assertPublishable } from '../../core/relays/publish-checks.ts'
import { canWrite } from '../../core/relays/relay-permission.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import { publishEach } from '../people/own-events.ts'
import { idbStore, type KeyValueStore } from '../platform/idb-store.ts'
import type { Signer } from '../platform/signer.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { CASHU_DATABASE, type CashuStore, type HistoryEntry } from './cashu-store.ts'

/** The user's relays as NIP-60 uses them. */
export interface Nip60Relays {
  query(filters: Filter[]): Promise<NostrEvent[]>
  /** Signs as the user and publishes; resolves once a relay accepts, rejects when none does. */
  publish(template: EventTemplate): Promise<NostrEvent>
}

/** What the app hands the wallet to reach relays: the hub and the pool (for the write relays). */
export interface Nip60Network {
  hub: Pick<RelayHub, 'query' | 'publish'>
  pool(): RelayPoolActorRef | undefined
}

/** Signed by another account than the wallet's (an extension switched meanwhile). */
export const NIP60_SIGNER_ERROR = 'The signer is for another account'

/**
 * Publishes go to the pool's write relays only: indexers keep per-user documents, not wallet
 * state (core/indexer-routing), and each relay is asked on its own, the first acceptance enough.
 */
export function nip60Relays(
  network: Nip60Network,
  signer: () => Signer,
  user: string,
): Nip60Relays {
  return {
    query: (filters) => network.hub.query(filters),
    async publish(template) {
      const pool = network.pool()
      const targets = (pool?.getSnapshot().context.entries ?? [])
        .filter((entry) => canWrite(entry.permission))
        .map((entry) => entry.url)
      assertPublishable({ clientReady: pool !== undefined, relays: targets })
      const event = await signer().signEvent(template)
      if (event.pubkey !== user) throw new Error(NIP60_SIGNER_ERROR)
      await publishEach(network.hub, event, targets)
      return event
    },
  }
}

/** A relay said OK and then gave nothing back: the proofs are not on relays yet. */
export const NIP60_READBACK_ERROR = 'No relay gave the token event back after accepting it'

/**
 * Proofs count as backed up only once a relay gives their token event back (a REQ by id after
 * the OK): an OK alone may come from a relay that drops what it accepts.
 */
async function readBack(relays: Nip60Relays, event: NostrEvent): Promise<void> {
  const found = await relays.query([{ ids: [event.id], authors: [event.pubkey] }])
  if (!found.some((e) => e.id === event.id)) throw new Error(NIP60_READBACK_ERROR)
}

export interface Nip60SyncDeps {
  pubkey: string
  /** The open wallet's store: book writes made here show in the wallet's view. */
  store: CashuStore
  /** Where the sync notes what it already published (default: the wallet's own database). */
  notes?: KeyValueStore
  relays: Nip60Relays
  signer(): Signer
  /** There is a wallet (its key is kept): before, there is nothing to keep in step. */
  hasWallet(): Promise<boolean>
  /** The wallet key (hex), decrypted only when the wallet event is to be published. */
  walletKey(): Promise<string>
  /** Milliseconds clock. */
  now?: () => number
  debounceMs?: number
  retryMs?: number
  /** Told of each failed round (the relays away, the key locked). */
  onError?: (error: unknown) => void
}

export interface Nip60Sync {
  /** The record (or the wallet) changed: a round runs after the debounce. */
  changed(): void
  stop(): void
}

/** What has been published already, beyond what the book records (token ids). */
interface SyncNotes {
  /** The mints of the last published wallet event, or null before the first. */
  walletMints: string[] | null
  /** History entries published as 7376. */
  history: string[]
  /** Open deposit quotes' 7374 event ids, by quote id. */
  quotes: Record<string, string>
  /**
   * Token events a relay accepted and none gave back: a relay may hold them all the same, so
   * once their proofs are out again in events read back, they are deleted (their proofs may be
   * spent by then).
   */
  unconfirmed: string[]
}

const notesKey = (pubkey: string) => `nip60:${pubkey}`

/** The wallet event must be published (again) when the mints differ. */
const sameMints = (a: readonly string[] | null, b: readonly string[]) =>
  a !== null && a.length === b.length && a.every((url, i) => url === b[i])

/** A nutzap redeemed: the nutzap inbox publishes its 7376 itself (with the public marks). */
const redeemedNutzap = (entry: HistoryEntry) =>
  entry.kind === 'receive' && entry.nutzap !== undefined

const direction = (entry: HistoryEntry) =>
  entry.kind === 'deposit' || entry.kind === 'receive' ? 'in' : 'out'

export function startNip60Sync(deps: Nip60SyncDeps): Nip60Sync {
  const now = deps.now ?? Date.now
  const debounceMs = deps.debounceMs ?? NIP60_DEBOUNCE_MS
  const retryMs = deps.retryMs ?? NIP60_RETRY_MS
  const { pubkey, store, relays } = deps
  const kv = deps.notes ?? idbStore(CASHU_DATABASE, 'wallet')
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | null = null
  let again = false
  let stopped = false

  const seconds = () => Math.floor(now() / 1000)
  const encrypt = (plaintext: string) => deps.signer().nip44Encrypt(pubkey, plaintext)
  // Replaceable kinds (the wallet event) are made later than the version they replace.
  const lastMade = new Map<number, number>()
  // `made`: the second the event's own tags were worked out in (a quote's expiration is two
  // weeks from its creation to the second, and encrypting in between may cross one).
  const publish = (kind: number, content: string, tags: string[][] = [], made = seconds()) => {
    const at = isReplaceableKind(kind) ? replacementCreatedAt(made, lastMade.get(kind)) : made
    lastMade.set(kind, at)
    return relays.publish({ kind, content, tags, created_at: at })
  }

  const readNotes = async (): Promise<SyncNotes> => ({
    walletMints: null,
    history: [],
    quotes: {},
    unconfirmed: [],
    ...((await kv.get(notesKey(pubkey))) as Partial<SyncNotes> | null),
  })
  const saveNotes = (notes: SyncNotes) => kv.set(notesKey(pubkey), notes)

  async function round(): Promise<void> {
    if (!(await deps.hasWallet())) return
    const notes = await readNotes()
    let record = await store.read(pubkey)

    const mints = record.mints.map((m) => m.url)
    if (!sameMints(notes.walletMints, mints)) {
      const privkey = await deps.walletKey()
      const secret = JSON.stringify(walletSecretTags({ privkey, mints }))
      await publish(NIP60_KINDS.wallet, await encrypt(secret))
      notes.walletMints = mints
      await saveNotes(notes)
    }

    const plan = planTokenEvents(record.book)
    const created: string[] = []
    for (const item of plan.publish) {
      const content = await encrypt(tokenPlaintext(item))
      const event = await publish(NIP60_KINDS.token, content)
      await readBack(relays, event).catch(async (error: unknown) => {
        notes.unconfirmed.push(event.id)
        await saveNotes(notes)
        throw error
      })
      created.push(event.id)
      record = await store.update(pubkey, (r) => ({
        ...r,
        book: markPublished(r.book, item, event.id),
      }))
    }
    const unconfirmed = [...notes.unconfirmed]
    if (plan.delete.length + unconfirmed.length > 0) {
      const ids = [...plan.delete, ...unconfirmed]
      await relays.publish(deletionTemplate(ids, NIP60_KINDS.token, seconds()))
      record = await store.update(pubkey, (r) => ({ ...r, book: markDeleted(r.book, plan.delete) }))
      notes.unconfirmed = notes.unconfirmed.filter((id) => !unconfirmed.includes(id))
      await saveNotes(notes)
    }

    const known = new Set(notes.history)
    // Oldest first, so the relays' history reads in order; the token events of this round belong
    // to the entry only when it is the one entry waiting.
    const waiting = record.history.filter((h) => !known.has(h.id) && !redeemedNutzap(h)).reverse()
    const links = waiting.length === 1 ? { created, destroyed: plan.delete } : {}
    for (const entry of waiting) {
      const parts = historyParts({
        direction: direction(entry),
        amount: entry.amount + (entry.fee ?? 0),
        ...links,
      })
      await publish(NIP60_KINDS.history, await encrypt(JSON.stringify(parts.secret)), parts.tags)
      notes.history.push(entry.id)
      await saveNotes(notes)
    }
    const present = new Set(record.history.map((h) => h.id))
    notes.history = notes.history.filter((id) => present.has(id))

    for (const quote of record.quotes) {
      if (notes.quotes[quote.quote]) continue
      const made = seconds()
      const parts = quoteParts({ quoteId: quote.quote, mint: quote.mint, now: made })
      const event = await publish(NIP60_KINDS.quote, await encrypt(parts.secret), parts.tags, made)
      notes.quotes[quote.quote] = event.id
      await saveNotes(notes)
    }
    const open = new Set(record.quotes.map((q) => q.quote))
    const done = Object.keys(notes.quotes).filter((quote) => !open.has(quote))
    if (done.length > 0) {
      const ids = done.map((quote) => notes.quotes[quote] as string)
      await relays.publish(deletionTemplate(ids, NIP60_KINDS.quote, seconds()))
      for (const quote of done) delete notes.quotes[quote]
    }
    await saveNotes(notes)
  }

  const schedule = (ms: number) => {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(run, ms)
  }

  function run() {
    timer = undefined
    if (running) {
      again = true
      return
    }
    running = round().then(
      () => {
        running = null
        if (again) {
          again = false
          schedule(debounceMs)
        }
      },
      (error: unknown) => {
        running = null
        again = false
        deps.onError?.(error)
        schedule(retryMs)
      },
    )
  }

  return {
    changed: () => schedule(debounceMs),
    stop() {
      stopped = true
      clearTimeout(timer)
      timer = undefined
    },
  }
}
