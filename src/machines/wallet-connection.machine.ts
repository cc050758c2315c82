/**
 * The Lightning wallet connection (spec §4): a remote wallet (NIP-47) or the browser provider
 * (WebLN), `disconnected`, `connecting`, `connected` (with its balance).
 *
 * - A manual disconnect sets `manualDisconnect`, which blocks auto-connect until the next
 *   successful connect.
 * - Auto-connect (`wallet.auto`: on mount, when the client is ready, when the tab becomes visible,
 *   after the key is unlocked) acts only while disconnected; `findAutoWallet` answers with the one
 *   fresh saved wallet it could decrypt, or null.
 * - A stored connection that fails is retried (3 attempts, 2 s apart) only for network, timeout
 *   or fetch errors; any other failure removes the stored connection.
 * - Sign-out disconnects and removes the user's stored connections.
 */
import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { WALLET_CONNECT_FAILED } from '../core/lightning/saved-wallets.ts'
import {
  CONNECT_ATTEMPTS,
  CONNECT_RETRY_DELAY_MS,
  connectFailedText,
  isRetryableWalletError,
  type WalletInfo,
  type WalletType,
} from '../core/lightning/wallet-connection.ts'
import type { Secret } from '../core/platform/secret.ts'

export type WalletTarget = { type: 'nwc'; pairing: Secret<string> } | { type: 'webln' }

export interface ConnectRequest {
  target: WalletTarget
  /** The saved wallet it comes from: a stored connection (retried, forgotten on failure). */
  savedId: string | null
  /** Save it once connected (the modal's Save for future use), under this name. */
  save: { name: string } | null
  /** How long get_info may take. */
  timeoutMs: number
}

/** A saved wallet made ready to connect (its pairing string decrypted). */
export interface OpenedWallet {
  savedId: string
  target: WalletTarget
}

export type AutoTrigger = 'mount' | 'clientReady' | 'visible' | 'unlocked'

export type WalletConnectionEvent =
  | { type: 'wallet.connect'; target: WalletTarget; save: { name: string } | null }
  | { type: 'wallet.connectSaved'; id: string }
  | { type: 'wallet.auto'; trigger: AutoTrigger }
  | { type: 'wallet.disconnect' }
  | { type: 'wallet.refresh' }
  | { type: 'wallet.signedOut'; pubkey: string }

export interface WalletConnectionContext {
  info: WalletInfo | null
  error: string | null
  manualDisconnect: boolean
  /** Attempts of the current connect, from 1. */
  attempt: number
  request: ConnectRequest | null
}

export interface WalletConnectionInput {
  /** get_info's limit on a manual connect and on auto-connect. */
  manualTimeoutMs: number
  autoTimeoutMs: number
}

const notProvided = (name: string) => () => {
  throw new Error(`wallet-connection.machine: '${name}' not provided`)
}

/** The failure's message, '' for an Error without one (an unexplained open failure, below). */
const errorText = (event: { type: string }): string => {
  const error = 'error' in event ? event.error : event
  return error instanceof Error ? error.message : String(error)
}

function startOpened(event: { type: string }, timeoutMs: number) {
  const opened = 'output' in event ? (event.output as OpenedWallet | null) : null
  if (!opened) return {}
  const request: ConnectRequest = {
    target: opened.target,
    savedId: opened.savedId,
    save: null,
    timeoutMs,
  }
  return { request, attempt: 1, error: null, info: null }
}

const typeOf = (request: ConnectRequest | null): WalletType => request?.target.type ?? 'nwc'

export const walletConnectionMachine = setup({
  types: {
    context: {} as WalletConnectionContext & { timeouts: WalletConnectionInput },
    events: {} as WalletConnectionEvent,
    input: {} as WalletConnectionInput,
  },
  actors: {
    /** The one fresh saved wallet of this user, decrypted; null when auto-connect must not act. */
    findAutoWallet: fromPromise<OpenedWallet | null>(notProvided('findAutoWallet')),
    /** A saved wallet chosen by the user, decrypted. */
    openSaved: fromPromise<OpenedWallet, { id: string }>(notProvided('openSaved')),
    /** Opens the wallet and reads its info and balance. */
    connect: fromPromise<WalletInfo, ConnectRequest>(notProvided('connect')),
    saveWallet: fromPromise<void, ConnectRequest>(notProvided('saveWallet')),
    forgetSaved: fromPromise<void, { id: string }>(notProvided('forgetSaved')),
    /** Sats, or null when the wallet does not say. */
    readBalance: fromPromise<number | null>(notProvided('readBalance')),
    /** Sign-out: the user's stored connections and their record go. */
    forgetUser: fromPromise<void, { pubkey: string }>(notProvided('forgetUser')),
  },
  actions: {
    /** Drops the open wallet client (its socket); provided by the wiring. */
    closeWallet: notProvided('closeWallet'),
    startManual: assign(({ context, event }) => {
      if (event.type !== 'wallet.connect') return {}
      const request: ConnectRequest = {
        target: event.target,
        savedId: null,
        save: event.save,
        timeoutMs: context.timeouts.manualTimeoutMs,
      }
      return { request, attempt: 1, error: null, info: null }
    }),
    /** A saved wallet found by auto-connect: get_info gets the auto-connect limit. */
    startFound: assign(({ context, event }) => startOpened(event, context.timeouts.autoTimeoutMs)),
    /** A saved wallet the user chose. */
    startChosen: assign(({ context, event }) =>
      startOpened(event, context.timeouts.manualTimeoutMs),
    ),
    clearError: assign({ error: null }),
    /** A saved wallet is being opened: whatever was connected is not any more. */
    startOpening: assign({ error: null, info: null }),
    setConnected: assign(({ event }) => ({
      info: 'output' in event ? (event.output as WalletInfo) : null,
      manualDisconnect: false,
      error: null,
    })),
    setConnectError: assign(({ context, event }) => ({
      error: connectFailedText(typeOf(context.request), errorText(event)),
      info: null,
    })),
    setError: assign(({ event }) => ({ error: errorText(event) })),
    /** A saved wallet that could not be opened; 'Failed to connect to wallet' when unexplained. */
    setOpenError: assign(({ event }) => ({ error: errorText(event) || WALLET_CONNECT_FAILED })),
    setBalance: assign(({ context, event }) => ({
      info:
        context.info && 'output' in event
          ? { ...context.info, balance: event.output as number | null }
          : context.info,
    })),
    nextAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    markManual: assign({ manualDisconnect: true, info: null, error: null, request: null }),
    reset: assign({ manualDisconnect: false, info: null, error: null, request: null, attempt: 0 }),
    dropRequest: assign({ request: null }),
  },
  guards: {
    autoAllowed: ({ context }) => !context.manualDisconnect,
    found: ({ event }) => 'output' in event && event.output !== null,
    retryable: ({ context, event }) =>
      context.request?.savedId != null &&
      context.request.target.type === 'nwc' &&
      context.attempt < CONNECT_ATTEMPTS &&
      isRetryableWalletError(errorText(event)),
    storedNotRetryable: ({ context, event }) =>
      context.request?.savedId != null && !isRetryableWalletError(errorText(event)),
    toSave: ({ context }) => context.request?.save != null,
  },
  delays: {
    connectRetryDelay: CONNECT_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'walletConnection',
  context: ({ input }) => ({
    info: null,
    error: null,
    manualDisconnect: false,
    attempt: 0,
    request: null,
    timeouts: input,
  }),
  initial: 'disconnected',
  on: {
    'wallet.connect': { target: '.connecting', reenter: true, actions: 'startManual' },
    'wallet.connectSaved': { target: '.opening', reenter: true, actions: 'startOpening' },
    'wallet.disconnect': { target: '.disconnected', actions: 'markManual' },
    'wallet.signedOut': { target: '.signingOut', actions: 'reset' },
  },
  states: {
    disconnected: {
      on: {
        'wallet.auto': { guard: 'autoAllowed', target: 'finding' },
      },
    },
    finding: {
      invoke: {
        id: 'find',
        src: 'findAutoWallet',
        onDone: [
          { guard: 'found', target: 'connecting', actions: 'startFound' },
          { target: 'disconnected' },
        ],
        // Auto-connect is quiet: a wallet that cannot be opened now waits for the user.
        onError: { target: 'disconnected' },
      },
    },
    opening: {
      invoke: {
        id: 'open',
        src: 'openSaved',
        input: ({ event }) => ({ id: event.type === 'wallet.connectSaved' ? event.id : '' }),
        onDone: { target: 'connecting', actions: 'startChosen' },
        onError: { target: 'disconnected', actions: 'setOpenError' },
      },
    },
    connecting: {
      invoke: {
        id: 'connect',
        src: 'connect',
        input: ({ context }) => context.request!,
        onDone: [
          { guard: 'toSave', target: 'saving', actions: 'setConnected' },
          { target: 'connected', actions: 'setConnected' },
        ],
        onError: [
          { guard: 'retryable', target: 'retrying' },
          { guard: 'storedNotRetryable', target: 'forgetting', actions: 'setConnectError' },
          { target: 'disconnected', actions: ['setConnectError', 'dropRequest'] },
        ],
      },
    },
    retrying: {
      after: { connectRetryDelay: { target: 'connecting', actions: 'nextAttempt' } },
    },
    forgetting: {
      invoke: {
        id: 'forget',
        src: 'forgetSaved',
        input: ({ context }) => ({ id: context.request?.savedId ?? '' }),
        onDone: { target: 'disconnected', actions: 'dropRequest' },
        onError: { target: 'disconnected', actions: 'dropRequest' },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'saveWallet',
        input: ({ context }) => context.request!,
        onDone: { target: 'connected', actions: 'dropRequest' },
        // Connected all the same; the message says the wallet was not saved.
        onError: { target: 'connected', actions: ['setError', 'dropRequest'] },
      },
    },
    connected: {
      // The wallet client (its socket) goes when the connection ends, however it ends.
      exit: 'closeWallet',
      entry: 'dropRequest',
      initial: 'idle',
      states: {
        idle: {
          on: { 'wallet.refresh': 'refreshing' },
        },
        refreshing: {
          invoke: {
            id: 'balance',
            src: 'readBalance',
            onDone: { target: 'idle', actions: ['setBalance', 'clearError'] },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
    signingOut: {
      invoke: {
        id: 'forgetUser',
        src: 'forgetUser',
        input: ({ event }) => ({ pubkey: event.type === 'wallet.signedOut' ? event.pubkey : '' }),
        onDone: 'disconnected',
        onError: 'disconnected',
      },
    },
  },
})

export type WalletConnectionMachine = typeof walletConnectionMachine
export type WalletConnectionActorRef = ActorRefFrom<WalletConnectionMachine>
export type WalletConnectionSnapshot = SnapshotFrom<WalletConnectionMachine>

export type WalletStatus = 'disconnected' | 'connecting' | 'connected'

/** The three states the spec names; opening, retrying, saving and forgetting are connecting. */
export function walletStatus(snapshot: WalletConnectionSnapshot): WalletStatus {
  if (snapshot.matches('connected')) return 'connected'
  if (snapshot.matches('disconnected') || snapshot.matches('finding')) return 'disconnected'
  if (snapshot.matches('signingOut')) return 'disconnected'
  return 'connecting'
}
