/**
 * Sign-in machine: the signed-out half of the login, as a child of the login machine (invoked as
 * `signIn` while `signedOut`, which forwards the sign-in events here).
 *
 * Two regions run side by side: `gate` (is the login options modal open, with the action that
 * asked for a login) and `attempt` (a sign-in in flight), so a failed attempt leaves the modal
 * open with its error. A typed key or public key signs in at once; the extension, a saved key
 * (unlocked with its passphrase) and a remote signer are asked, and `login.cancelled` abandons
 * them. After a reload, a remote login resumes its kept session (`restoring`); when it cannot,
 * the login gate opens with the reason. The extension is watched the whole time. Once signed in,
 * `report` (sendParent) tells the login machine who, with the pending action, and the machine is
 * `done`.
 */
import {
  assign,
  type CallbackActorLogic,
  type EventObject,
  fromCallback,
  fromPromise,
  type PromiseActorLogic,
  type SnapshotFrom,
  sendParent,
  setup,
} from 'xstate'
import { messageOf } from '../core/platform/error-message.ts'
import type { Secret } from '../core/platform/secret.ts'
import type { UnlockedKey, UnlockKeyInput, UnlockKeyLogic } from './nsec-key.machine.ts'

// Spec constants (§9 extension timeout, §4 availability check).
export const EXTENSION_PUBKEY_TIMEOUT_MS = 15_000
export const EXTENSION_POLL_MS = 5_000

/** User-facing texts of a failed sign-in (spec §5); part of `LOGIN_ERRORS`. */
export const SIGN_IN_ERRORS = {
  extensionNotFound: 'Nostr extension not found',
  extensionTimeout: 'Extension did not respond in time',
  extensionFailed: 'Failed to sign in with extension',
  savedAccountFailed: 'Failed to unlock saved account',
  remoteFailed: 'Failed to connect to remote signer',
  remoteRestoreFailed: 'Your remote signer session could not be restored. Please log in again.',
} as const

/** A remote login that did not come back after a reload, and why: it is over. */
export const remoteRestoreMessage = (cause: string): string =>
  `Your remote signer session could not be restored: ${cause}. Please log in again.`

/** A remote login whose signer could not be reached after a reload: kept for the next start. */
export const remoteUnreachableMessage = (cause: string): string =>
  `Your remote signer could not be reached (${cause}). Your login is kept: reload to try again, or log in another way.`

export type LoginMethod = 'nip07' | 'nsec' | 'npub' | 'remote'

export interface SignInContext {
  /** What the user tried before the login gate opened ('react', 'follow', ...). */
  pendingAction: string | null
  /** Last report of the extension watcher. */
  extensionAvailable: boolean
  /** The last user-facing message; cleared when a new attempt starts. */
  error: string | null
}

/** What the `watchExtension` actor reports, at start and every EXTENSION_POLL_MS. */
export type ExtensionAvailabilityEvent = { type: 'extension.availability'; available: boolean }

export type SignInEvent =
  | { type: 'login.requested'; action?: string }
  | { type: 'login.cancelled' }
  | { type: 'login.nip07' }
  | {
      type: 'login.nsec'
      key: Secret<Uint8Array>
      pubkey: string
      persist?: { passphrase: Secret<string> }
    }
  | { type: 'login.npub'; pubkey: string }
  | { type: 'login.saved'; pubkey: string; passphrase: Secret<string> }
  | { type: 'login.remote'; uri: string }
  /** At start, from the session's login method and pubkey. */
  | { type: 'session.restore'; pubkey: string; method: LoginMethod }
  | ExtensionAvailabilityEvent

/** Who signed in and how. */
export interface SignedIn {
  pubkey: string
  method: LoginMethod
  /** The key in memory (nsec); null for other methods and for a restored, locked key. */
  key: Secret<Uint8Array> | null
  /** The key is saved encrypted (unlocked from it, or restored). */
  persisted: boolean
  /** Save the key under this passphrase now (`login.nsec` with `persist`). */
  persist?: { passphrase: Secret<string> }
}

/** What this machine tells the login machine. */
export type SignInReport = { type: 'signIn.succeeded'; pendingAction: string | null } & SignedIn

// ---------------------------------------------------------------------------------------------
// The effects the app provides.

export interface WatchExtensionInput {
  intervalMs: number
}

/** NIP-07 getPublicKey; rejects with the text to show. */
export type ExtensionPublicKeyLogic = PromiseActorLogic<string>
/** Sends `extension.availability` now and every `intervalMs`. */
export type WatchExtensionLogic = CallbackActorLogic<EventObject, WatchExtensionInput>
/** Connects a NIP-46 signer (bunker:// or nostrconnect://) and gives the user's pubkey. */
export type ConnectRemoteLogic = PromiseActorLogic<{ pubkey: string }, { uri: string }>
/**
 * Resumes the kept NIP-46 session of this pubkey and gives the pubkey; rejects with the text to
 * show, having forgotten the session (the login is over), or having kept it for the next start
 * when the signer could not be reached. Either way this page is signed out.
 */
export type RestoreRemoteLogic = PromiseActorLogic<{ pubkey: string }, { pubkey: string }>

const notProvided = (name: string) =>
  new Error(
    `sign-in.machine: the '${name}' actor was not provided; use signInMachine.provide({ actors: { ${name} } })`,
  )

const placeholders = {
  watchExtension: fromCallback<EventObject, WatchExtensionInput>(() => {
    throw notProvided('watchExtension')
  }) satisfies WatchExtensionLogic,
  extensionPublicKey: fromPromise<string>(async () => {
    throw notProvided('extensionPublicKey')
  }) satisfies ExtensionPublicKeyLogic,
  unlockKey: fromPromise<UnlockedKey, UnlockKeyInput>(async () => {
    throw notProvided('unlockKey')
  }) satisfies UnlockKeyLogic,
  connectRemote: fromPromise<{ pubkey: string }, { uri: string }>(async () => {
    throw notProvided('connectRemote')
  }) satisfies ConnectRemoteLogic,
  restoreRemote: fromPromise<{ pubkey: string }, { pubkey: string }>(async () => {
    throw notProvided('restoreRemote')
  }) satisfies RestoreRemoteLogic,
}

/** `report` params of a sign-in, with the pending action. */
const succeeded = (
  { pendingAction }: SignInContext,
  pubkey: string,
  method: LoginMethod,
  key: Secret<Uint8Array> | null = null,
  persisted = false,
): SignInReport => ({ type: 'signIn.succeeded', pubkey, method, key, persisted, pendingAction })

/** `fail` params of a rejected effect: its own message, or the fallback. */
const failure =
  (fallback: string) =>
  ({ event }: { event: { error: unknown } }) => ({ message: messageOf(event.error, fallback) })

const done = '#signIn.done'

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    children: {} as {
      watcher: 'watchExtension'
      extension: 'extensionPublicKey'
      unlock: 'unlockKey'
      remote: 'connectRemote'
      resume: 'restoreRemote'
    },
  },
  actors: placeholders,
  delays: {
    extensionTimeout: EXTENSION_PUBKEY_TIMEOUT_MS,
  },
  guards: {
    extensionAvailable: ({ context }) => context.extensionAvailable,
    restores: ({ event }, params: { method: LoginMethod }) =>
      event.type === 'session.restore' && event.method === params.method,
  },
  actions: {
    setAvailability: assign({
      extensionAvailable: ({ context, event }) =>
        event.type === 'extension.availability' ? event.available : context.extensionAvailable,
    }),
    storePendingAction: assign({
      pendingAction: ({ context, event }) =>
        event.type === 'login.requested' ? (event.action ?? null) : context.pendingAction,
    }),
    dropPendingAction: assign({ pendingAction: null }),
    clearError: assign({ error: null }),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    report: sendParent((_, report: SignInReport) => report),
  },
}).createMachine({
  id: 'signIn',
  context: { pendingAction: null, extensionAvailable: false, error: null },
  initial: 'signingIn',
  states: {
    signingIn: {
      type: 'parallel',
      invoke: { id: 'watcher', src: 'watchExtension', input: { intervalMs: EXTENSION_POLL_MS } },
      on: { 'extension.availability': { actions: 'setAvailability' } },
      states: {
        gate: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'login.requested': {
                  target: 'choosing',
                  actions: ['storePendingAction', 'clearError'],
                },
              },
            },
            choosing: {
              on: {
                'login.requested': { actions: 'storePendingAction' },
                'login.cancelled': { target: 'idle', actions: ['dropPendingAction', 'clearError'] },
              },
            },
          },
        },
        attempt: {
          initial: 'ready',
          states: {
            ready: {
              on: {
                'login.nip07': [
                  { guard: 'extensionAvailable', target: 'extension', actions: 'clearError' },
                  {
                    actions: {
                      type: 'fail',
                      params: { message: SIGN_IN_ERRORS.extensionNotFound },
                    },
                  },
                ],
                'login.nsec': {
                  target: done,
                  actions: {
                    type: 'report',
                    params: ({ context, event }) => ({
                      ...succeeded(context, event.pubkey, 'nsec', event.key),
                      persist: event.persist,
                    }),
                  },
                },
                'login.npub': {
                  target: done,
                  actions: {
                    type: 'report',
                    params: ({ context, event }) => succeeded(context, event.pubkey, 'npub'),
                  },
                },
                'login.saved': { target: 'unlocking', actions: 'clearError' },
                'login.remote': { target: 'remote', actions: 'clearError' },
                'session.restore': [
                  {
                    // A saved key comes back locked: no key until its passphrase is given.
                    guard: { type: 'restores', params: { method: 'nsec' } },
                    target: done,
                    actions: {
                      type: 'report',
                      params: ({ context, event }) =>
                        succeeded(context, event.pubkey, 'nsec', null, true),
                    },
                  },
                  {
                    guard: { type: 'restores', params: { method: 'npub' } },
                    target: done,
                    actions: {
                      type: 'report',
                      params: ({ context, event }) => succeeded(context, event.pubkey, 'npub'),
                    },
                  },
                  {
                    guard: { type: 'restores', params: { method: 'nip07' } },
                    target: 'extension',
                    actions: 'clearError',
                  },
                  {
                    guard: { type: 'restores', params: { method: 'remote' } },
                    target: 'restoring',
                    actions: 'clearError',
                  },
                ],
              },
            },
            extension: {
              invoke: {
                id: 'extension',
                src: 'extensionPublicKey',
                onDone: {
                  target: done,
                  actions: {
                    type: 'report',
                    params: ({ context, event }) => succeeded(context, event.output, 'nip07'),
                  },
                },
                onError: {
                  target: 'ready',
                  actions: { type: 'fail', params: failure(SIGN_IN_ERRORS.extensionFailed) },
                },
              },
              after: {
                extensionTimeout: {
                  target: 'ready',
                  actions: { type: 'fail', params: { message: SIGN_IN_ERRORS.extensionTimeout } },
                },
              },
              on: { 'login.cancelled': 'ready' },
            },
            unlocking: {
              invoke: {
                id: 'unlock',
                src: 'unlockKey',
                input: ({ event }) => {
                  if (event.type !== 'login.saved') throw new Error(`unlock: from ${event.type}`)
                  return {
                    pubkey: event.pubkey,
                    passphrase: event.passphrase,
                    purpose: 'savedAccount',
                  }
                },
                onDone: {
                  target: done,
                  actions: {
                    type: 'report',
                    params: ({ context, event: { output } }) =>
                      succeeded(context, output.pubkey, 'nsec', output.key, true),
                  },
                },
                onError: {
                  target: 'ready',
                  actions: { type: 'fail', params: failure(SIGN_IN_ERRORS.savedAccountFailed) },
                },
              },
              on: { 'login.cancelled': 'ready' },
            },
            remote: {
              invoke: {
                id: 'remote',
                src: 'connectRemote',
                input: ({ event }) => {
                  if (event.type === 'login.remote') return { uri: event.uri }
                  throw new Error(`remote: from ${event.type}`)
                },
                onDone: {
                  target: done,
                  actions: {
                    type: 'report',
                    params: ({ context, event }) =>
                      succeeded(context, event.output.pubkey, 'remote'),
                  },
                },
                onError: {
                  target: 'ready',
                  actions: { type: 'fail', params: failure(SIGN_IN_ERRORS.remoteFailed) },
                },
              },
              on: { 'login.cancelled': 'ready' },
            },
            /** A reload: the kept remote session, resumed without asking the user. */
            restoring: {
              invoke: {
                id: 'resume',
                src: 'restoreRemote',
                input: ({ event }) => {
                  if (event.type === 'session.restore') return { pubkey: event.pubkey }
                  throw new Error(`restoring: from ${event.type}`)
                },
                onDone: {
                  target: done,
                  actions: {
                    type: 'report',
                    params: ({ context, event }) =>
                      succeeded(context, event.output.pubkey, 'remote'),
                  },
                },
                // Signed out: the login gate opens with why, to log in again.
                onError: {
                  target: ['ready', '#signIn.signingIn.gate.choosing'],
                  actions: { type: 'fail', params: failure(SIGN_IN_ERRORS.remoteRestoreFailed) },
                },
              },
            },
          },
        },
      },
    },
    /** Signed in: the login machine leaves `signedOut`, which stops this machine. */
    done: { type: 'final' },
  },
})

export type SignInMachine = typeof signInMachine
export type SignInSnapshot = SnapshotFrom<SignInMachine>
