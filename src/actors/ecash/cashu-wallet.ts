/**
 * The ecash wallet: mints added by URL, deposits, sends as cashuB tokens and receives,
 * payments, restores (from the seed or the user's relays), NIP-60 backup and NIP-61 nutzaps, for
 * the logged-in user, over cashu-ts, the deposit and proof reservation machines and the wallet
 * record in IndexedDB. Loaded on first use of /wallet (see system.ts).
 * On opening a user's wallet, deposits left waiting resume and operations a reload interrupted
 * are settled with the mint. The seed (a BIP-39 mnemonic) is kept only encrypted to the user's
 * own key (NIP-44 through the signer), decrypted when an operation first needs it.
 *
 * This file follows the login and answers the wallet's handle; what it holds for the user is an
 * open wallet (open-wallet/open-wallet.ts), which owns its parts (open-wallet/*.ts).
 */
import { normalizeMintUrl } from '../../core/ecash/cashu-mint.ts'
import { mintDetails } from '../../core/ecash/cashu-mint-info.ts'
import { createWalletMnemonic, walletSeed } from '../../core/ecash/cashu-seed.ts'
import { payQuote, quotePayment } from './cashu-melt.ts'
import { restoreWallet } from './cashu-nip60-restore.ts'
import { restoreFromSeed } from './cashu-seed-restore.ts'
import { createCashuStore } from './cashu-store.ts'
import { receiveToken, sendToken } from './cashu-transfer.ts'
import {
  CASHU_ERRORS,
  type CashuDeps,
  type CashuView,
  type CashuWallet,
  EMPTY_VIEW,
} from './cashu-wallet-api.ts'
import { type OpenWallet, type OpenWalletDeps, openWallet } from './open-wallet/open-wallet.ts'

export function startCashuWallet(deps: CashuDeps): CashuWallet {
  const store = deps.store ?? createCashuStore()
  const listeners = new Set<() => void>()
  let view: CashuView = EMPTY_VIEW
  let current: OpenWallet | null = null

  const notify = () => {
    view = current ? current.view() : EMPTY_VIEW
    for (const listener of listeners) listener()
  }
  const d: OpenWalletDeps = { ...deps, store, now: deps.now ?? Date.now }

  const currentPubkey = () => deps.login.getSnapshot().context.pubkey
  const requireOpen = (): OpenWallet => {
    const pubkey = currentPubkey()
    if (!pubkey || !current || current.pubkey !== pubkey) {
      throw new Error(CASHU_ERRORS.loginRequired)
    }
    return current
  }

  async function open(): Promise<void> {
    const pubkey = currentPubkey()
    if (current?.pubkey === pubkey && pubkey) return
    close()
    if (!pubkey) return
    const w = openWallet(d, pubkey, notify)
    current = w
    notify()
    await w.load()
  }

  function close() {
    if (!current) return
    current.close()
    current = null
    notify()
  }

  // Another user (or none): nothing of the last one's wallet stays in memory. The same user's
  // key unlocked (or any change of the login): settling that waited tries again.
  deps.login.subscribe((snapshot) => {
    if (current && snapshot.context.pubkey !== current.pubkey) {
      close()
      void open()
      return
    }
    current?.loginChanged()
  })

  return {
    view: () => view,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    open,
    async createSeed() {
      const w = requireOpen()
      if (await store.seed(w.pubkey)) throw new Error(CASHU_ERRORS.seedExists)
      const mnemonic = createWalletMnemonic()
      const ciphertext = await deps.signer().nip44Encrypt(w.pubkey, mnemonic)
      // Before the view says 'unconfirmed': a screen asking for the phrase then gets it from here.
      w.keys.holdPhrase(mnemonic)
      await w.adoptSeed(ciphertext, walletSeed(mnemonic), true)
      return mnemonic
    },
    unconfirmedPhrase: async () => requireOpen().keys.phrase(),
    async confirmPhrase() {
      await requireOpen().keys.confirmPhrase()
      notify()
    },
    async addMint(input) {
      const w = requireOpen()
      const url = normalizeMintUrl(input)
      if (w.record()?.mints.some((m) => m.url === url)) throw new Error(CASHU_ERRORS.mintExists)
      return w.mints.add(url)
    },
    async mintInfo(url) {
      const loaded = await requireOpen().mints.loaded(url)
      const active = loaded.keysets.find((k) => k.id === loaded.keysetId)
      return mintDetails(url, loaded.info, active?.input_fee_ppk ?? 0)
    },
    removeMint: async (url) => requireOpen().mints.remove(url),
    deposit(mint, amount) {
      const w = requireOpen()
      if (!w.keys.hasSeed()) throw new Error(CASHU_ERRORS.noSeed)
      return w.deposits.start({ mint, amount })
    },
    cancelDeposit(id) {
      current?.deposits.cancel(id)
    },
    send: (mint, amount) => sendToken(requireOpen().transfer, mint, amount),
    async receive(text) {
      const w = requireOpen()
      if (!w.keys.hasSeed()) throw new Error(CASHU_ERRORS.noSeed)
      return receiveToken(w.transfer, text)
    },
    async quotePayment(invoice) {
      const w = requireOpen()
      const made = await quotePayment(w.transfer, invoice)
      w.payments.set(made.view.id, made)
      return made.view
    },
    async pay(quoteId) {
      const w = requireOpen()
      const made = w.payments.get(quoteId)
      if (!made) throw new Error(CASHU_ERRORS.noQuote)
      w.payments.delete(quoteId)
      return payQuote(w.transfer, made.view, made.quote)
    },
    async restoreFromSeed(mnemonic, mints, onProgress) {
      const w = requireOpen()
      return restoreFromSeed(
        {
          store: w.store,
          pubkey: w.pubkey,
          now: d.now,
          loadedMint: w.mints.loaded,
          addMint: w.mints.add,
          storedSeed: w.keys.storedSeed,
          sealSeed: (words) => deps.signer().nip44Encrypt(w.pubkey, words),
          // Typed in by the user: they have the phrase already.
          keepSeed: (ciphertext, seed) => w.adoptSeed(ciphertext, seed, false),
        },
        mnemonic,
        mints,
        onProgress,
      )
    },
    sendNutzap: async (request) => requireOpen().nutzaps.service().send(request),
    retryNutzaps: async () => requireOpen().nutzaps.service().retry(),
    async restoreFromRelays() {
      const w = requireOpen()
      const relays = w.backup.relays()
      if (!relays) throw new Error(CASHU_ERRORS.noRelays)
      if (await store.seed(w.pubkey)) throw new Error(CASHU_ERRORS.seedExists)
      const restored = await restoreWallet({
        pubkey: w.pubkey,
        relays,
        signer: deps.signer,
        store: w.store,
        loadedMint: w.mints.loaded,
        addMint: w.mints.add,
        now: d.now,
        keepWalletKey: w.keys.keepWalletKey,
      })
      w.backup.restored()
      // This device's own seed: another device's would reuse its NUT-13 counters.
      const seeded = await this.createSeed()
      // Deposits paid on the other device and not yet minted (NIP-60 quote events), minted here.
      for (const quote of restored.quotes) {
        w.deposits.start({ mint: quote.mint, amount: quote.amount, quote })
      }
      return seeded
    },
  }
}
