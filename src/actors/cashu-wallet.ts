/**
 * The ecash wallet (issue 9, first slice): mints added by URL, deposits, sends as cashuB tokens
 * and receives, for the logged-in user, over cashu-ts, the deposit and proof reservation
 * machines and the wallet record in IndexedDB. Loaded on first use of /wallet (see system.ts).
 * On opening a user's wallet, deposits left waiting resume and operations a reload interrupted
 * are settled with the mint. The seed (a BIP-39 mnemonic) is kept only encrypted to the user's
 * own key (NIP-44 through the signer), decrypted when an operation first needs it.
 */
import type { MeltQuoteBolt11Response, Wallet } from '@cashu/cashu-ts'
import { type Actor, createActor } from 'xstate'
import { MINT_ERRORS, normalizeMintUrl } from '../core/cashu-mint.ts'
import { balance } from '../core/cashu-proof-book.ts'
import { createWalletMnemonic, walletSeed } from '../core/cashu-seed.ts'
import { storedCounters } from './cashu-counters.ts'
import { depositLogic } from './cashu-deposit.ts'
import { type PaymentQuote, payQuote, quotePayment } from './cashu-melt.ts'
import { type LoadedMint, loadMint, walletFor } from './cashu-mint-loader.ts'
import { reservationLogic } from './cashu-reservation.ts'
import {
  type CashuStore,
  createCashuStore,
  type HistoryEntry,
  type MintEntry,
  type WalletRecord,
} from './cashu-store.ts'
import { receiveToken, recoverReceives, sendToken, type TransferDeps } from './cashu-transfer.ts'
import type { Signer } from './signer.ts'

export const CASHU_ERRORS = {
  loginRequired: 'Log in to use the ecash wallet',
  noSeed: 'Create the wallet first',
  seedExists: 'This wallet already has a seed',
  mintExists: 'This mint is already added',
  noQuote: 'Get a quote for the invoice first',
  ...MINT_ERRORS,
} as const

export interface DepositView {
  id: string
  mint: string
  amount: number
  /** The machine's state: quoting, awaitingPayment, minting, retrying, saving, done, ... */
  step: string
  invoice: string | null
  outcome: 'minted' | 'issued' | 'failed' | 'cancelled' | null
  error: string | null
}

export interface CashuView {
  pubkey: string | null
  /** The user's record has been read. */
  ready: boolean
  hasSeed: boolean
  mints: MintEntry[]
  balances: Record<string, number>
  total: number
  history: HistoryEntry[]
  deposits: DepositView[]
  /** Operations a reload interrupted, still being settled with their mint. */
  unsettled: number
  /** Why settling waits (the mint unreachable, the key locked), or null. */
  settleError: string | null
}

export interface CashuWallet {
  view(): CashuView
  subscribe(listener: () => void): () => void
  /** Opens the logged-in user's wallet (again after a change of user). */
  open(): Promise<void>
  /** Makes the seed and returns the mnemonic, to be shown once; only its ciphertext is kept. */
  createSeed(): Promise<string>
  addMint(input: string): Promise<MintEntry>
  /** Starts a deposit; its progress shows in `view().deposits` under the returned id. */
  deposit(mint: string, amount: number): string
  cancelDeposit(id: string): void
  /** Sends `amount` sats as a cashuB token (kept in the history too). */
  send(mint: string, amount: number): Promise<string>
  /** Receives a pasted token into this wallet (its mint is added when new). */
  receive(text: string): Promise<{ mint: string; amount: number }>
  /** A melt quote for a Lightning invoice, from the mint best able to pay it. */
  quotePayment(invoice: string): Promise<PaymentQuote>
  /** Pays a quoted invoice; resolves with the amount and the fee paid. */
  pay(quoteId: string): Promise<{ amount: number; fee: number }>
}

/** What the wallet reads of the login: whose it is, and when that changes (a LoginActorRef). */
export interface LoginSource {
  getSnapshot(): { context: { pubkey: string | null } }
  subscribe(listener: (snapshot: { context: { pubkey: string | null } }) => void): unknown
}

export interface CashuDeps {
  login: LoginSource
  signer: () => Signer
  store?: CashuStore
  now?: () => number
  /** Mint load timeout, ms (default 5000). */
  loadTimeoutMs?: number
}

const EMPTY_VIEW: CashuView = {
  pubkey: null,
  ready: false,
  hasSeed: false,
  mints: [],
  balances: {},
  total: 0,
  history: [],
  deposits: [],
  unsettled: 0,
  settleError: null,
}

const newId = () => crypto.randomUUID()
const isReceive = (opKey: string) => opKey.startsWith('receive:')

function settleError(s: { settling: Map<string, Actor<ReturnType<typeof reservationLogic>>> }) {
  for (const actor of s.settling.values()) {
    const snapshot = actor.getSnapshot()
    if (snapshot.matches('unresolved')) return snapshot.context.error
  }
  return null
}

export function startCashuWallet(deps: CashuDeps): CashuWallet {
  const store = deps.store ?? createCashuStore()
  const now = deps.now ?? Date.now
  const listeners = new Set<() => void>()
  let view: CashuView = EMPTY_VIEW
  let session: Session | null = null

  interface Session {
    pubkey: string
    seed: Promise<Uint8Array> | null
    mints: Map<string, Promise<LoadedMint>>
    wallets: Map<string, Promise<Wallet>>
    deposits: Map<string, { actor: Actor<ReturnType<typeof depositLogic>>; view: DepositView }>
    record: WalletRecord | null
    hasSeed: boolean
    /** Reservation actors settling operations a reload interrupted, by operation id. */
    settling: Map<string, Actor<ReturnType<typeof reservationLogic>>>
    recovering: boolean
    /** Melt quotes made for payments, by quote id. */
    payments: Map<string, { view: PaymentQuote; quote: MeltQuoteBolt11Response }>
  }

  const notify = () => {
    const s = session
    const record = s?.record
    view = s
      ? {
          pubkey: s.pubkey,
          ready: record !== null,
          hasSeed: s.hasSeed,
          mints: record?.mints ?? [],
          balances: Object.fromEntries(
            (record?.mints ?? []).map((m) => [m.url, record ? balance(record.book, m.url) : 0]),
          ),
          total: record ? balance(record.book) : 0,
          history: record?.history ?? [],
          deposits: [...s.deposits.values()].map((d) => d.view),
          unsettled: s.settling.size,
          settleError: settleError(s),
        }
      : EMPTY_VIEW
    for (const listener of listeners) listener()
  }

  const currentPubkey = () => deps.login.getSnapshot().context.pubkey
  const requireSession = (): Session => {
    const pubkey = currentPubkey()
    if (!pubkey || !session || session.pubkey !== pubkey) {
      throw new Error(CASHU_ERRORS.loginRequired)
    }
    return session
  }

  /** Every write of the record goes through here, so the view follows it. */
  const sessionStore = (s: Session): CashuStore => ({
    ...store,
    update: async (pubkey, change) => {
      const record = await store.update(pubkey, change)
      if (session === s) {
        s.record = record
        notify()
      }
      return record
    },
  })

  const seedOf = (s: Session): Promise<Uint8Array> => {
    s.seed ??= (async () => {
      const stored = await store.seed(s.pubkey)
      if (!stored) throw new Error(CASHU_ERRORS.noSeed)
      return walletSeed(await deps.signer().nip44Decrypt(s.pubkey, stored.ciphertext))
    })().catch((error: unknown) => {
      s.seed = null // locked key, refused prompt: asked again next time
      throw error
    })
    return s.seed
  }

  const loadedMint = (s: Session, url: string): Promise<LoadedMint> => {
    let loading = s.mints.get(url)
    if (!loading) {
      loading = loadMint(url, deps.loadTimeoutMs)
      s.mints.set(url, loading)
      loading.catch(() => s.mints.delete(url))
    }
    return loading
  }

  const walletOf = (s: Session, url: string): Promise<Wallet> => {
    let wallet = s.wallets.get(url)
    if (!wallet) {
      const counterSource = storedCounters(sessionStore(s), s.pubkey)
      wallet = Promise.all([loadedMint(s, url), seedOf(s)]).then(([loaded, bip39seed]) =>
        walletFor(loaded, { bip39seed, counterSource }),
      )
      s.wallets.set(url, wallet)
      wallet.catch(() => s.wallets.delete(url))
    }
    return wallet
  }

  const effectsOf = (s: Session) => ({
    store: sessionStore(s),
    pubkey: s.pubkey,
    walletOf: (url: string) => walletOf(s, url),
    now,
  })
  const transferDeps = (s: Session): TransferDeps => ({
    ...effectsOf(s),
    loadedMint: (url) => loadedMint(s, url),
    newId,
  })

  /** Receives a reload interrupted; tried again on a change of the login (an unlocked key). */
  const recoverInterrupted = (s: Session) => {
    if (s.recovering || !s.record || !Object.keys(s.record.opCounters).some(isReceive)) return
    s.recovering = true
    recoverReceives(transferDeps(s))
      .catch(() => {}) // the key locked or the mint away: the noted counters wait
      .finally(() => {
        s.recovering = false
      })
  }

  function startDeposit(
    s: Session,
    input: { mint: string; amount: number; quote?: WalletRecord['quotes'][number] },
  ): string {
    const id = newId()
    const logic = depositLogic({ ...effectsOf(s), newId })
    const actor = createActor(logic, { input })
    const entry = {
      actor,
      view: {
        id,
        mint: input.mint,
        amount: input.amount,
        step: 'starting',
        invoice: input.quote?.request ?? null,
        outcome: null,
        error: null,
      } as DepositView,
    }
    s.deposits.set(id, entry)
    actor.subscribe((snapshot) => {
      const { context } = snapshot
      const step =
        typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]
      entry.view = {
        ...entry.view,
        step: step ?? 'starting',
        invoice: context.quote?.request ?? null,
        outcome: context.outcome,
        error: context.error,
      }
      if (session === s) notify()
    })
    actor.start()
    return id
  }

  function settleOpen(s: Session, record: WalletRecord) {
    for (const entry of record.book.journal) {
      if (s.settling.has(entry.opId)) continue
      const actor = createActor(reservationLogic(effectsOf(s)), {
        input: { ...entry, resume: true },
      })
      s.settling.set(entry.opId, actor)
      actor.subscribe({
        next: () => {
          if (session === s) notify()
        },
        complete: () => {
          s.settling.delete(entry.opId)
          if (session === s) notify()
        },
      })
      actor.start()
    }
  }

  async function open(): Promise<void> {
    const pubkey = currentPubkey()
    if (session?.pubkey === pubkey && pubkey) return
    close()
    if (!pubkey) return
    const s: Session = {
      pubkey,
      seed: null,
      mints: new Map(),
      wallets: new Map(),
      deposits: new Map(),
      record: null,
      hasSeed: false,
      settling: new Map(),
      recovering: false,
      payments: new Map(),
    }
    session = s
    notify()
    const [record, seed] = await Promise.all([store.read(pubkey), store.seed(pubkey)])
    if (session !== s) return
    s.record = record
    s.hasSeed = seed !== null
    notify()
    if (!s.hasSeed) return
    for (const quote of record.quotes) {
      startDeposit(s, { mint: quote.mint, amount: quote.amount, quote })
    }
    settleOpen(s, record)
    recoverInterrupted(s)
  }

  function close() {
    if (!session) return
    for (const { actor } of session.deposits.values()) actor.stop()
    for (const actor of session.settling.values()) actor.stop()
    session = null
    notify()
  }

  // Another user (or none): nothing of the last one's wallet stays in memory. The same user's
  // key unlocked (or any change of the login): settling that waited tries again.
  deps.login.subscribe((snapshot) => {
    if (session && snapshot.context.pubkey !== session.pubkey) {
      close()
      void open()
      return
    }
    if (!session) return
    for (const actor of session.settling.values()) {
      if (actor.getSnapshot().matches('unresolved')) actor.send({ type: 'reservation.retry' })
    }
    recoverInterrupted(session)
  })

  const addMintTo = async (s: Session, url: string): Promise<MintEntry> => {
    const loaded = await loadedMint(s, url)
    const entry: MintEntry = { url, name: loaded.info.name || url }
    await sessionStore(s).update(s.pubkey, (record) =>
      record.mints.some((m) => m.url === url)
        ? record
        : { ...record, mints: [...record.mints, entry] },
    )
    return entry
  }

  return {
    view: () => view,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    open,
    async createSeed() {
      const s = requireSession()
      if (await store.seed(s.pubkey)) throw new Error(CASHU_ERRORS.seedExists)
      const mnemonic = createWalletMnemonic()
      const ciphertext = await deps.signer().nip44Encrypt(s.pubkey, mnemonic)
      await store.saveSeed({ version: 1, pubkey: s.pubkey, ciphertext })
      s.seed = Promise.resolve(walletSeed(mnemonic))
      s.hasSeed = true
      notify()
      return mnemonic
    },
    async addMint(input) {
      const s = requireSession()
      const url = normalizeMintUrl(input)
      if (s.record?.mints.some((m) => m.url === url)) throw new Error(CASHU_ERRORS.mintExists)
      return addMintTo(s, url)
    },
    deposit(mint, amount) {
      const s = requireSession()
      if (!s.hasSeed) throw new Error(CASHU_ERRORS.noSeed)
      return startDeposit(s, { mint, amount })
    },
    cancelDeposit(id) {
      session?.deposits.get(id)?.actor.send({ type: 'deposit.cancel' })
    },
    send: (mint, amount) => sendToken(transferDeps(requireSession()), mint, amount),
    async receive(text) {
      const s = requireSession()
      if (!s.hasSeed) throw new Error(CASHU_ERRORS.noSeed)
      return receiveToken(transferDeps(s), text)
    },
    async quotePayment(invoice) {
      const s = requireSession()
      const made = await quotePayment(transferDeps(s), invoice)
      s.payments.set(made.view.id, made)
      return made.view
    },
    async pay(quoteId) {
      const s = requireSession()
      const made = s.payments.get(quoteId)
      if (!made) throw new Error(CASHU_ERRORS.noQuote)
      s.payments.delete(quoteId)
      return payQuote(transferDeps(s), made.view, made.quote)
    },
  }
}
