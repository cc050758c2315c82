/**
 * The ecash wallet (issue 9): mints added by URL, deposits, sends as cashuB tokens and receives,
 * payments, restores (from the seed or the user's relays), NIP-60 backup and NIP-61 nutzaps, for
 * the logged-in user, over cashu-ts, the deposit and proof reservation
 * machines and the wallet record in IndexedDB. Loaded on first use of /wallet (see system.ts).
 * On opening a user's wallet, deposits left waiting resume and operations a reload interrupted
 * are settled with the mint. The seed (a BIP-39 mnemonic) is kept only encrypted to the user's
 * own key (NIP-44 through the signer), decrypted when an operation first needs it.
 */
import type { MeltQuoteBolt11Response, Wallet } from '@cashu/cashu-ts'
import { type Actor, createActor } from 'xstate'
import { normalizeMintUrl } from '../core/cashu-mint.ts'
import { mintDetails, removalRefusal } from '../core/cashu-mint-info.ts'
import { balance } from '../core/cashu-proof-book.ts'
import { createWalletMnemonic, walletSeed } from '../core/cashu-seed.ts'
import { generateKeyPair } from '../core/keygen.ts'
import { NIP60_RETRY_MS } from '../core/nip60.ts'
import { storedCounters } from './cashu-counters.ts'
import { depositLogic } from './cashu-deposit.ts'
import { type PaymentQuote, payQuote, quotePayment } from './cashu-melt.ts'
import { type LoadedMint, loadMint, walletFor } from './cashu-mint-loader.ts'
import { type Nip60Relays, type Nip60Sync, nip60Relays, startNip60Sync } from './cashu-nip60.ts'
import { hasRelayWallet, restoreWallet } from './cashu-nip60-restore.ts'
import { poolNetwork } from './cashu-nutzap.ts'
import { NO_NUTZAPS, type NutzapService, startNutzaps } from './cashu-nutzap-service.ts'
import { reservationLogic } from './cashu-reservation.ts'
import { restoreFromSeed } from './cashu-seed-restore.ts'
import {
  type CashuStore,
  createCashuStore,
  type MintEntry,
  type WalletRecord,
} from './cashu-store.ts'
import { receiveToken, recoverReceives, sendToken, type TransferDeps } from './cashu-transfer.ts'
import {
  CASHU_ERRORS,
  type CashuDeps,
  type CashuView,
  type CashuWallet,
  type DepositView,
  EMPTY_VIEW,
} from './cashu-wallet-api.ts'

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
    /** The wallet key (hex), decrypted on first use: nutzaps are locked to it (NIP-60/61). */
    walletKey: Promise<string> | null
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
    /** Nutzaps (NIP-61), started once the wallet has a seed. */
    nutzaps: NutzapService | null
    /** The user's relays and the sync keeping the wallet there (NIP-60), given the relays. */
    relays: Nip60Relays | null
    nip60: Nip60Sync | null
    relayWallet: boolean
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
          nutzaps: s.nutzaps?.view() ?? NO_NUTZAPS,
          relayWallet: s.relayWallet,
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
        s.nip60?.changed()
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

  /** The wallet's own private key (hex): not the user's Nostr key, made with the seed. */
  const walletKeyOf = (s: Session): Promise<string> => {
    s.walletKey ??= (async () => {
      const stored = await store.walletKey(s.pubkey)
      if (!stored) throw new Error(CASHU_ERRORS.noSeed)
      return deps.signer().nip44Decrypt(s.pubkey, stored.ciphertext)
    })().catch((error: unknown) => {
      s.walletKey = null
      throw error
    })
    return s.walletKey
  }

  /** Makes and keeps (encrypted to the user) a wallet key, unless one is kept already. */
  const ensureWalletKey = async (s: Session): Promise<void> => {
    if (await store.walletKey(s.pubkey)) return
    const key = generateKeyPair().hex.reveal()
    const ciphertext = await deps.signer().nip44Encrypt(s.pubkey, key)
    await store.saveWalletKey({ version: 1, pubkey: s.pubkey, ciphertext })
    s.walletKey = Promise.resolve(key)
  }

  /** The wallet has its seed now (made or restored): it starts its nutzaps and relay backup. */
  const adoptSeed = async (s: Session, ciphertext: string, seed: Uint8Array): Promise<void> => {
    await ensureWalletKey(s)
    await store.saveSeed({ version: 1, pubkey: s.pubkey, ciphertext })
    s.seed = Promise.resolve(seed)
    s.hasSeed = true
    notify()
    startNutzapsFor(s)
    s.nip60?.changed() // the wallet exists now: its proofs go to relays
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

  /** Nutzaps start with a wallet that has a seed, where there are relays to reach. */
  const startNutzapsFor = (s: Session): NutzapService | null => {
    if (s.nutzaps || !deps.hub || !s.hasSeed) return s.nutzaps
    const network = poolNetwork(deps.hub, deps.pool ?? (() => undefined))
    const nutzapDeps = {
      ...transferDeps(s),
      network,
      signer: deps.signer,
      walletKey: () => walletKeyOf(s),
    }
    const nutzaps = startNutzaps(nutzapDeps, () => {
      if (session === s) notify()
    })
    s.nutzaps = nutzaps
    // A wallet made before wallet keys existed gets one now.
    void ensureWalletKey(s).then(
      () => nutzaps.refresh(),
      () => nutzaps.refresh(), // the key locked: the inbox says why
    )
    return nutzaps
  }

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

  /** Keeps the wallet on the user's relays (NIP-60) while the session lasts. */
  function startNip60(s: Session) {
    if (!deps.hub || !deps.pool) return
    s.relays = nip60Relays({ hub: deps.hub, pool: deps.pool }, deps.signer, s.pubkey)
    s.nip60 = startNip60Sync({
      pubkey: s.pubkey,
      store: sessionStore(s),
      ...(deps.nip60Notes ? { notes: deps.nip60Notes } : {}),
      relays: s.relays,
      signer: deps.signer,
      hasWallet: async () => (await store.walletKey(s.pubkey)) !== null,
      walletKey: () => walletKeyOf(s),
      now,
    })
  }

  /** Without a wallet here: do the user's relays hold one? Asked again once, relays being slow. */
  function lookForRelayWallet(s: Session, tries: number) {
    const relays = s.relays
    if (!relays || tries <= 0) return
    const again = () => setTimeout(() => lookForRelayWallet(s, tries - 1), NIP60_RETRY_MS)
    hasRelayWallet(relays, s.pubkey).then((found) => {
      if (session !== s || s.hasSeed) return
      if (found !== s.relayWallet) {
        s.relayWallet = found
        notify()
      }
      if (!found) again()
    }, again)
  }

  async function open(): Promise<void> {
    const pubkey = currentPubkey()
    if (session?.pubkey === pubkey && pubkey) return
    close()
    if (!pubkey) return
    const s: Session = {
      pubkey,
      seed: null,
      walletKey: null,
      mints: new Map(),
      wallets: new Map(),
      deposits: new Map(),
      record: null,
      hasSeed: false,
      settling: new Map(),
      recovering: false,
      payments: new Map(),
      nutzaps: null,
      relays: null,
      nip60: null,
      relayWallet: false,
    }
    session = s
    startNip60(s)
    notify()
    const [record, seed] = await Promise.all([store.read(pubkey), store.seed(pubkey)])
    if (session !== s) return
    s.record = record
    s.hasSeed = seed !== null
    notify()
    if (!s.hasSeed) {
      lookForRelayWallet(s, 2)
      return
    }
    s.nip60?.changed()
    for (const quote of record.quotes) {
      startDeposit(s, { mint: quote.mint, amount: quote.amount, quote })
    }
    settleOpen(s, record)
    recoverInterrupted(s)
    startNutzapsFor(s)
  }

  function close() {
    if (!session) return
    for (const { actor } of session.deposits.values()) actor.stop()
    for (const actor of session.settling.values()) actor.stop()
    session.nutzaps?.stop()
    session.nip60?.stop()
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
    // Nutzaps that waited for the key (the wallet key is decrypted with it) go on.
    const nutzaps = session.nutzaps?.view()
    if (nutzaps?.error || nutzaps?.infoError) void session.nutzaps?.refresh()
  })

  const addMintTo = async (s: Session, url: string): Promise<MintEntry> => {
    const loaded = await loadedMint(s, url)
    const entry: MintEntry = { url, name: loaded.info.name || url }
    await sessionStore(s).update(s.pubkey, (record) =>
      record.mints.some((m) => m.url === url)
        ? record
        : { ...record, mints: [...record.mints, entry] },
    )
    void s.nutzaps?.refresh() // the 10019 names the wallet's mints
    return entry
  }

  const removeMintFrom = async (s: Session, url: string): Promise<void> => {
    await sessionStore(s).update(s.pubkey, (record) => {
      const refusal = removalRefusal({
        known: record.mints.some((m) => m.url === url),
        balance: balance(record.book, url),
        operations:
          record.book.journal.filter((j) => j.mint === url).length +
          record.quotes.filter((q) => q.mint === url).length +
          [...s.deposits.values()].filter((d) => d.view.mint === url && !d.view.outcome).length,
      })
      if (refusal) throw new Error(refusal)
      return { ...record, mints: record.mints.filter((m) => m.url !== url) }
    })
    s.mints.delete(url)
    s.wallets.delete(url)
    void s.nutzaps?.refresh() // the 10019 names the wallet's mints
  }

  const nutzapsOf = (s: Session): NutzapService => {
    if (!s.hasSeed) throw new Error(CASHU_ERRORS.noSeed)
    const nutzaps = startNutzapsFor(s)
    if (!nutzaps) throw new Error(CASHU_ERRORS.noRelays)
    return nutzaps
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
      await adoptSeed(s, ciphertext, walletSeed(mnemonic))
      return mnemonic
    },
    async addMint(input) {
      const s = requireSession()
      const url = normalizeMintUrl(input)
      if (s.record?.mints.some((m) => m.url === url)) throw new Error(CASHU_ERRORS.mintExists)
      return addMintTo(s, url)
    },
    async mintInfo(url) {
      const loaded = await loadedMint(requireSession(), url)
      const active = loaded.keysets.find((k) => k.id === loaded.keysetId)
      return mintDetails(url, loaded.info, active?.input_fee_ppk ?? 0)
    },
    removeMint: async (url) => removeMintFrom(requireSession(), url),
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
    async restoreFromSeed(mnemonic, mints, onProgress) {
      const s = requireSession()
      return restoreFromSeed(
        {
          store: sessionStore(s),
          pubkey: s.pubkey,
          now,
          loadedMint: (url) => loadedMint(s, url),
          addMint: (url) => addMintTo(s, url),
          storedSeed: async () => ((await store.seed(s.pubkey)) ? seedOf(s) : null),
          sealSeed: (words) => deps.signer().nip44Encrypt(s.pubkey, words),
          keepSeed: (ciphertext, seed) => adoptSeed(s, ciphertext, seed),
        },
        mnemonic,
        mints,
        onProgress,
      )
    },
    sendNutzap: async (request) => nutzapsOf(requireSession()).send(request),
    retryNutzaps: async () => nutzapsOf(requireSession()).retry(),
    async restoreFromRelays() {
      const s = requireSession()
      if (!s.relays) throw new Error(CASHU_ERRORS.noRelays)
      if (await store.seed(s.pubkey)) throw new Error(CASHU_ERRORS.seedExists)
      await restoreWallet({
        pubkey: s.pubkey,
        relays: s.relays,
        signer: deps.signer,
        store: sessionStore(s),
        loadedMint: (url) => loadedMint(s, url),
        addMint: (url) => addMintTo(s, url),
        now,
        async keepWalletKey(key) {
          const ciphertext = await deps.signer().nip44Encrypt(s.pubkey, key)
          await store.saveWalletKey({ version: 1, pubkey: s.pubkey, ciphertext })
          s.walletKey = Promise.resolve(key)
        },
      })
      s.relayWallet = false
      // This device's own seed: another device's would reuse its NUT-13 counters.
      return this.createSeed()
    },
  }
}
