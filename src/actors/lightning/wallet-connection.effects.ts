/**
 * The loaded wallet: the connection machine's effects (saved-wallet store, NIP-47 client or WebLN
 * provider), and over its running actor the auto-connect triggers (spec §4: on mount, when the
 * client is ready, when the tab becomes visible, after the key is unlocked) and the handle's
 * operations. The composition root provides the machine and starts the actor.
 */
import { type Actor, fromPromise } from 'xstate'
import type { Transaction } from '../../core/lightning/nip47.ts'
import {
  autoConnectCandidate,
  newSavedWallet,
  newWalletId,
  SAVE_NEEDS_PUBKEY,
  type SavedWallet,
  WALLET_NOT_FOUND,
} from '../../core/lightning/saved-wallets.ts'
import {
  AUTO_CONNECT_FRESH_MS,
  AUTO_CONNECT_INFO_TIMEOUT_MS,
  CONNECT_INFO_TIMEOUT_MS,
  WALLET_NOT_CONNECTED,
} from '../../core/lightning/wallet-connection.ts'
import { WalletRecordError } from '../../core/lightning/wallet-record.ts'
import { canSign, type LoginActorRef } from '../../machines/login.machine.ts'
import {
  type OpenedWallet,
  type WalletConnectionSnapshot,
  type walletConnectionMachine,
  walletStatus,
} from '../../machines/wallet-connection.machine.ts'
import { createKeystoreStore } from '../identity/keystore.ts'
import { defaultAccountStorage } from '../identity/saved-accounts.ts'
import type { Signer } from '../platform/signer.ts'
import { type LiveWallet, type LiveWalletEnv, openLiveWallet } from './live-wallet.ts'
import type { WalletRuntime, WalletView } from './wallet-handle.ts'
import { createWalletStore, type WalletStore } from './wallet-store.ts'

/** Payment failures without a message of their own (spec §8). */
export const PAYMENT_FAILED = 'Payment failed'

export interface WalletConnectionDeps {
  login: LoginActorRef
  signer: () => Signer
}

type WalletConnectionImplementations = Parameters<(typeof walletConnectionMachine)['provide']>[0]
export type WalletConnectionActor = Actor<typeof walletConnectionMachine>

/** The connection machine's timeouts. */
export const WALLET_CONNECTION_INPUT = {
  manualTimeoutMs: CONNECT_INFO_TIMEOUT_MS,
  autoTimeoutMs: AUTO_CONNECT_INFO_TIMEOUT_MS,
}

/**
 * The machine's effects, sharing the saved-wallet store and the live connection with `run`,
 * which starts the actor made from them and returns the wallet's operations.
 */
export function walletConnection(
  deps: WalletConnectionDeps,
  options: { store?: WalletStore; env?: LiveWalletEnv } = {},
): { effects: WalletConnectionImplementations; run(actor: WalletConnectionActor): WalletRuntime } {
  const store =
    options.store ??
    createWalletStore({
      records: createKeystoreStore(),
      storage: defaultAccountStorage(),
      signer: deps.signer,
    })
  let live: LiveWallet | null = null
  const user = () => deps.login.getSnapshot().context.pubkey

  const open = async (wallet: SavedWallet): Promise<OpenedWallet> => {
    if (wallet.walletType === 'webln') return { savedId: wallet.id, target: { type: 'webln' } }
    return { savedId: wallet.id, target: { type: 'nwc', pairing: await store.pairing(wallet) } }
  }

  const effects = {
    actors: {
      findAutoWallet: fromPromise(async () => {
        const pubkey = user()
        if (!pubkey || live) return null
        const wallet = autoConnectCandidate(store.all(), pubkey, Date.now(), AUTO_CONNECT_FRESH_MS)
        if (!wallet) return null
        // Still encrypted and no key to open it (a locked nsec): the unlock will try again.
        if (wallet.walletType === 'nwc' && !canSign(deps.login.getSnapshot())) return null
        return open(wallet)
      }),
      openSaved: fromPromise(async ({ input }) => {
        const pubkey = user()
        const wallet = pubkey ? store.list(pubkey).find((saved) => saved.id === input.id) : null
        if (!wallet) throw new Error(WALLET_NOT_FOUND)
        // Without a signer its own message says why ('Key is locked. …'); other failures to
        // decrypt mean the record does not hold this wallet.
        if (wallet.walletType === 'nwc' && !canSign(deps.login.getSnapshot())) {
          await deps.signer().nip44Decrypt(wallet.pubkey, '')
        }
        try {
          return await open(wallet)
        } catch (error) {
          throw error instanceof WalletRecordError ? error : new Error(WALLET_NOT_FOUND)
        }
      }),
      connect: fromPromise(async ({ input, signal }) => {
        const opened = await openLiveWallet(input, options.env)
        if (signal.aborted) {
          opened.close()
          throw new Error('cancelled')
        }
        live?.close()
        live = opened
        if (input.savedId) store.touch(input.savedId, Date.now())
        return opened.info
      }),
      saveWallet: fromPromise(async ({ input }) => {
        const pubkey = user()
        if (!pubkey) throw new Error(SAVE_NEEDS_PUBKEY)
        const now = Date.now()
        // One browser provider per user: connecting it again only marks it used.
        const webln = store.list(pubkey).find((saved) => saved.walletType === 'webln')
        if (input.target.type === 'webln' && webln) {
          store.touch(webln.id, now)
          return
        }
        const wallet = newSavedWallet({
          id: newWalletId(now, Math.random()),
          name: input.save?.name ?? '',
          walletType: input.target.type,
          pubkey,
          now,
        })
        await store.save(wallet, input.target.type === 'nwc' ? input.target.pairing : null)
      }),
      forgetSaved: fromPromise(({ input }) => store.remove(input.id)),
      readBalance: fromPromise(async () => {
        if (!live) throw new Error(WALLET_NOT_CONNECTED)
        return live.balance()
      }),
      forgetUser: fromPromise(({ input }) => store.forgetUser(input.pubkey)),
    },
    actions: {
      closeWallet: () => {
        live?.close()
        live = null
      },
    },
  } satisfies WalletConnectionImplementations

  return { effects, run: (actor) => operations(actor) }

  function operations(actor: WalletConnectionActor): WalletRuntime {
    // The view, rebuilt only when the machine or the saved list changed.
    let view: WalletView | null = null
    let seen: {
      snapshot: WalletConnectionSnapshot
      saved: SavedWallet[]
      pubkey: string | null
    } | null = null
    const listeners = new Set<() => void>()
    const notify = () => {
      for (const listener of listeners) listener()
    }
    const currentView = (): WalletView => {
      const snapshot = actor.getSnapshot()
      const pubkey = user()
      const saved = store.all()
      if (view && seen?.snapshot === snapshot && seen.saved === saved && seen.pubkey === pubkey) {
        return view
      }
      seen = { snapshot, saved, pubkey }
      view = {
        status: walletStatus(snapshot),
        info: snapshot.context.info,
        error: snapshot.context.error,
        refreshing: snapshot.matches({ connected: 'refreshing' }),
        manualDisconnect: snapshot.context.manualDisconnect,
        saved: pubkey ? saved.filter((wallet) => wallet.pubkey === pubkey) : [],
      }
      return view
    }
    actor.subscribe(notify)
    store.subscribe(notify)
    deps.login.subscribe(notify)
    actor.start()

    const auto = (trigger: 'mount' | 'clientReady' | 'visible' | 'unlocked') =>
      actor.send({ type: 'wallet.auto', trigger })
    deps.login.on('session.signedIn', () => auto('clientReady'))
    deps.login.on('key.unlocked', () => auto('unlocked'))
    globalThis.document?.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') auto('visible')
    })
    auto('mount')

    const connected = (): LiveWallet => {
      if (!live || !actor.getSnapshot().matches('connected')) throw new Error(WALLET_NOT_CONNECTED)
      return live
    }

    return {
      view: currentView,
      subscribe(listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      connect: (pairing, save) =>
        actor.send({ type: 'wallet.connect', target: { type: 'nwc', pairing }, save }),
      connectWebln: (save) =>
        actor.send({ type: 'wallet.connect', target: { type: 'webln' }, save }),
      connectSaved: (id) => actor.send({ type: 'wallet.connectSaved', id }),
      disconnect: () => actor.send({ type: 'wallet.disconnect' }),
      refreshBalance: () => actor.send({ type: 'wallet.refresh' }),
      async payInvoice(invoice) {
        const wallet = connected()
        try {
          return await wallet.payInvoice(invoice)
        } catch (error) {
          // The wallet's own error (a Nip47Error keeps its code), or the spec's fallback.
          throw error instanceof Error && error.message ? error : new Error(PAYMENT_FAILED)
        } finally {
          actor.send({ type: 'wallet.refresh' })
        }
      },
      makeInvoice: async (amountSats, description) =>
        connected().makeInvoice(amountSats, description),
      listTransactions: (): Promise<Transaction[]> => connected().listTransactions(),
      removeSaved: (id) => store.remove(id),
      async clearStored() {
        actor.send({ type: 'wallet.disconnect' })
        await store.clearAll()
      },
      signedOut: (pubkey) => actor.send({ type: 'wallet.signedOut', pubkey }),
    }
  }
}
