/**
 * The ecash wallet: mints added by URL, deposits, sends as cashuB tokens and receives,
 * payments, restores (from the seed or the user's relays), NIP-60 backup and NIP-61 nutzaps, for
 * the logged-in user, over cashu-ts, the deposit and proof reservation machines and the wallet
 * record in IndexedDB. Loaded on first use of /wallet (see system.ts).
 * On opening a user's wallet, deposits left waiting resume and operations a reload interrupted
 * are settled with the mint. The seed (a BIP-39 mnemonic) is kept only encrypted to the user's
 * own key (NIP-44 through the signer), decrypted when an operation first needs it.
 *
 * This file follows the login and answers the wallet's handle; what it holds for the user is a
 * session (cashu-session.ts), worked on by the session's parts (cashu-session-*.ts).
 */
import { normalizeMintUrl } from '../../core/ecash/cashu-mint.ts'
import { mintDetails } from '../../core/ecash/cashu-mint-info.ts'
import { createWalletMnemonic, walletSeed } from '../../core/ecash/cashu-seed.ts'
import { payQuote, quotePayment } from './cashu-melt.ts'
import { restoreWallet } from './cashu-nip60-restore.ts'
import { restoreFromSeed } from './cashu-seed-restore.ts'
import { createCashuStore, type SeedRecord } from './cashu-store.ts'
import { receiveToken, sendToken } from './cashu-transfer.ts'
import {
  CASHU_ERRORS,
  type CashuDeps,
  type CashuView,
  type CashuWallet,
} from './cashu-wallet-api.ts'
import { startDeposit } from './open-wallet/deposits.ts'
import { ensureWalletKey, keepWalletKey, seedOf } from './open-wallet/keys.ts'
import { addMint, loadedMint, removeMint, transferDeps } from './open-wallet/mints.ts'
import { nutzapsOf, startNutzapsFor } from './open-wallet/nutzaps.ts'
import {
  newSession,
  type Session,
  type SessionDeps,
  sessionStore,
} from './open-wallet/open-wallet.ts'
import { lookForRelayWallet, startNip60 } from './open-wallet/relay-backup.ts'
import { recoverInterrupted, retryInterrupted, settleOpen } from './open-wallet/settling.ts'
import { sessionView } from './open-wallet/view.ts'

export function startCashuWallet(deps: CashuDeps): CashuWallet {
  const store = deps.store ?? createCashuStore()
  const listeners = new Set<() => void>()
  let view: CashuView = sessionView(null)
  let session: Session | null = null

  const notify = () => {
    view = sessionView(session)
    for (const listener of listeners) listener()
  }
  const d: SessionDeps = {
    ...deps,
    store,
    now: deps.now ?? Date.now,
    isOpen: (s) => session === s,
    changed: (s) => {
      if (session === s) notify()
    },
  }

  const currentPubkey = () => deps.login.getSnapshot().context.pubkey
  const requireSession = (): Session => {
    const pubkey = currentPubkey()
    if (!pubkey || !session || session.pubkey !== pubkey) {
      throw new Error(CASHU_ERRORS.loginRequired)
    }
    return session
  }

  /**
   * The wallet has its seed now (made or restored): it starts its nutzaps and relay backup. A
   * made one is `unconfirmed` until the user says they wrote its phrase down, so a page closed
   * before that shows the phrase again.
   */
  const adoptSeed = async (
    s: Session,
    ciphertext: string,
    seed: Uint8Array,
    unconfirmed: boolean,
  ): Promise<void> => {
    await ensureWalletKey(d, s)
    const record: SeedRecord = { version: 1, pubkey: s.pubkey, ciphertext }
    await store.saveSeed(unconfirmed ? { ...record, unconfirmed } : record)
    s.seed = Promise.resolve(seed)
    s.hasSeed = true
    s.phraseUnconfirmed = unconfirmed
    notify()
    startNutzapsFor(d, s)
    s.nip60?.changed() // the wallet exists now: its proofs go to relays
  }

  async function open(): Promise<void> {
    const pubkey = currentPubkey()
    if (session?.pubkey === pubkey && pubkey) return
    close()
    if (!pubkey) return
    const s = newSession(pubkey)
    session = s
    startNip60(d, s)
    notify()
    const [record, seed] = await Promise.all([store.read(pubkey), store.seed(pubkey)])
    if (session !== s) return
    s.record = record
    s.hasSeed = seed !== null
    s.phraseUnconfirmed = seed?.unconfirmed === true
    notify()
    if (!s.hasSeed) {
      lookForRelayWallet(d, s, 2)
      return
    }
    s.nip60?.changed()
    for (const quote of record.quotes) {
      startDeposit(d, s, { mint: quote.mint, amount: quote.amount, quote })
    }
    settleOpen(d, s, record)
    recoverInterrupted(d, s)
    startNutzapsFor(d, s)
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
    retryInterrupted(d, session)
    // Nutzaps that waited for the key (the wallet key is decrypted with it) go on.
    const nutzaps = session.nutzaps?.view()
    if (nutzaps?.error || nutzaps?.infoError) void session.nutzaps?.refresh()
  })

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
      // Before the view says 'unconfirmed': a screen asking for the phrase then gets it from here.
      s.phrase = Promise.resolve(mnemonic)
      await adoptSeed(s, ciphertext, walletSeed(mnemonic), true)
      return mnemonic
    },
    async unconfirmedPhrase() {
      const s = requireSession()
      s.phrase ??= (async () => {
        const stored = await store.seed(s.pubkey)
        if (!stored) throw new Error(CASHU_ERRORS.noSeed)
        return deps.signer().nip44Decrypt(s.pubkey, stored.ciphertext)
      })().catch((error: unknown) => {
        s.phrase = null // a locked key or a refused prompt: the next try asks again
        throw error
      })
      return s.phrase
    },
    async confirmPhrase() {
      const s = requireSession()
      const stored = await store.seed(s.pubkey)
      if (stored?.unconfirmed) {
        const { unconfirmed: _, ...confirmed } = stored
        await store.saveSeed(confirmed)
      }
      s.phraseUnconfirmed = false
      s.phrase = null
      notify()
    },
    async addMint(input) {
      const s = requireSession()
      const url = normalizeMintUrl(input)
      if (s.record?.mints.some((m) => m.url === url)) throw new Error(CASHU_ERRORS.mintExists)
      return addMint(d, s, url)
    },
    async mintInfo(url) {
      const loaded = await loadedMint(d, requireSession(), url)
      const active = loaded.keysets.find((k) => k.id === loaded.keysetId)
      return mintDetails(url, loaded.info, active?.input_fee_ppk ?? 0)
    },
    removeMint: async (url) => removeMint(d, requireSession(), url),
    deposit(mint, amount) {
      const s = requireSession()
      if (!s.hasSeed) throw new Error(CASHU_ERRORS.noSeed)
      return startDeposit(d, s, { mint, amount })
    },
    cancelDeposit(id) {
      session?.deposits.get(id)?.actor.send({ type: 'deposit.cancel' })
    },
    send: (mint, amount) => sendToken(transferDeps(d, requireSession()), mint, amount),
    async receive(text) {
      const s = requireSession()
      if (!s.hasSeed) throw new Error(CASHU_ERRORS.noSeed)
      return receiveToken(transferDeps(d, s), text)
    },
    async quotePayment(invoice) {
      const s = requireSession()
      const made = await quotePayment(transferDeps(d, s), invoice)
      s.payments.set(made.view.id, made)
      return made.view
    },
    async pay(quoteId) {
      const s = requireSession()
      const made = s.payments.get(quoteId)
      if (!made) throw new Error(CASHU_ERRORS.noQuote)
      s.payments.delete(quoteId)
      return payQuote(transferDeps(d, s), made.view, made.quote)
    },
    async restoreFromSeed(mnemonic, mints, onProgress) {
      const s = requireSession()
      return restoreFromSeed(
        {
          store: sessionStore(d, s),
          pubkey: s.pubkey,
          now: d.now,
          loadedMint: (url) => loadedMint(d, s, url),
          addMint: (url) => addMint(d, s, url),
          storedSeed: async () => ((await store.seed(s.pubkey)) ? seedOf(d, s) : null),
          sealSeed: (words) => deps.signer().nip44Encrypt(s.pubkey, words),
          // Typed in by the user: they have the phrase already.
          keepSeed: (ciphertext, seed) => adoptSeed(s, ciphertext, seed, false),
        },
        mnemonic,
        mints,
        onProgress,
      )
    },
    sendNutzap: async (request) => nutzapsOf(d, requireSession()).send(request),
    retryNutzaps: async () => nutzapsOf(d, requireSession()).retry(),
    async restoreFromRelays() {
      const s = requireSession()
      if (!s.relays) throw new Error(CASHU_ERRORS.noRelays)
      if (await store.seed(s.pubkey)) throw new Error(CASHU_ERRORS.seedExists)
      await restoreWallet({
        pubkey: s.pubkey,
        relays: s.relays,
        signer: deps.signer,
        store: sessionStore(d, s),
        loadedMint: (url) => loadedMint(d, s, url),
        addMint: (url) => addMint(d, s, url),
        now: d.now,
        keepWalletKey: (key) => keepWalletKey(d, s, key),
      })
      s.relayWallet = false
      // This device's own seed: another device's would reuse its NUT-13 counters.
      return this.createSeed()
    },
  }
}
