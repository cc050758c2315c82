/**
 * Login machine: who the user is and how they sign.
 *
 * Methods: none (signed out), `nip07` (browser extension), `nsec` (key in memory: `unlocked`, or
 * `locked` after a reload until the passphrase is given), `npub` (public key only: read only) and
 * `remote` (NIP-46 signer).
 *
 * `signedOut` runs two regions side by side: `gate` (is the login options modal open, with the
 * action that asked for a login) and `attempt` (a sign-in in flight), so a failed attempt leaves
 * the modal open with its error. `signedIn` runs `method` (the signer and the state of its key)
 * beside `signOut` (the sign-out dialogs). Every effect is a named actor the app provides; every
 * secret travels as a `Secret`, so snapshots, the inspector and logs never hold a key.
 */
import {
  type ActorRefFrom,
  assign,
  type CallbackActorLogic,
  type EventObject,
  emit,
  fromCallback,
  fromPromise,
  type PromiseActorLogic,
  type SnapshotFrom,
  setup,
} from 'xstate'
import type { Secret } from '../core/secret.ts'

// Spec constants (§9 extension timeouts, §4 availability check).
export const EXTENSION_PUBKEY_TIMEOUT_MS = 15_000
export const EXTENSION_SIGN_TIMEOUT_MS = 20_000
export const EXTENSION_POW_SIGN_TIMEOUT_MS = 30_000
export const EXTENSION_POLL_MS = 5_000

/** User-facing texts the machine puts in `context.error` (spec §5, §8). */
export const LOGIN_ERRORS = {
  extensionNotFound: 'Nostr extension not found',
  extensionTimeout: 'Extension did not respond in time',
  extensionFailed: 'Failed to sign in with extension',
  savedAccountFailed: 'Failed to unlock saved account',
  unlockFailed: 'Failed to unlock',
  remoteFailed: 'Failed to connect to remote signer',
  persistFailed: 'Failed to save key',
  forgetFailed: 'Failed to delete saved key',
  keyMismatch: 'The secret key does not match this account',
  viewSecretFailed: 'Invalid passphrase or no saved secret for this account',
} as const

/** Why signing is not possible (spec §8), for signers and the UI. */
export const SIGNING_UNAVAILABLE = {
  noMethod: 'No signing method available',
  locked: 'Key is locked. Please unlock your NSEC key with your passphrase to sign.',
} as const

export type LoginMethod = 'nip07' | 'nsec' | 'npub' | 'remote'

export interface LoginContext {
  pubkey: string | null
  method: LoginMethod | null
  /** The in-memory secret key of an unlocked nsec login. */
  key: Secret<Uint8Array> | null
  /** An nsec login whose key is saved encrypted (saved now, unlocked from it, or restored). */
  persistedThisSession: boolean
  /** What the user tried before the login gate opened ('react', 'follow', ...). */
  pendingAction: string | null
  /** Last report of the extension watcher (only watched while signed out). */
  extensionAvailable: boolean
  /** The last user-facing message; cleared when a new attempt starts. */
  error: string | null
}

export type LoginEvent =
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
  /** At start, from the session's login method and pubkey (`uri` for a remote signer). */
  | { type: 'session.restore'; pubkey: string; method: LoginMethod; uri?: string }
  | ExtensionAvailabilityEvent
  | { type: 'key.unlock'; passphrase: Secret<string> }
  | { type: 'key.persist'; passphrase: Secret<string> }
  | { type: 'secret.view'; passphrase: Secret<string> }
  | { type: 'secret.hide' }
  | { type: 'logout.requested' }
  | { type: 'logout.confirmed' }
  | { type: 'logout.cancelled' }
  | { type: 'logout.keepSavedKey' }
  /** The typed key and the pubkey the UI derived from it (as for `login.nsec`). */
  | { type: 'logout.deleteSavedKey'; nsecTyped: Secret<Uint8Array>; pubkey: string }

/** What the `watchExtension` actor reports, at start and every EXTENSION_POLL_MS. */
export type ExtensionAvailabilityEvent = { type: 'extension.availability'; available: boolean }

/** Events emitted to `actor.on(...)` listeners (the UI, the wallet). */
export type LoginEmitted =
  | { type: 'session.signedIn'; pubkey: string; method: LoginMethod; pendingAction: string | null }
  | { type: 'session.signedOut'; pubkey: string }
  | { type: 'key.unlocked'; pubkey: string; pendingAction: string | null }

// ---------------------------------------------------------------------------------------------
// The effects the app provides.

export interface WatchExtensionInput {
  intervalMs: number
}
export interface UnlockKeyInput {
  pubkey: string
  passphrase: Secret<string>
}
export interface UnlockedKey {
  key: Secret<Uint8Array>
  pubkey: string
}
export interface PersistKeyInput {
  key: Secret<Uint8Array>
  pubkey: string
  passphrase: Secret<string>
}

/** NIP-07 getPublicKey; rejects with the text to show. */
export type ExtensionPublicKeyLogic = PromiseActorLogic<string>
/** Sends `extension.availability` now and every `intervalMs`. */
export type WatchExtensionLogic = CallbackActorLogic<EventObject, WatchExtensionInput>
/** Decrypts the saved key of `pubkey`; rejects with an Error whose message is the text to show. */
export type UnlockKeyLogic = PromiseActorLogic<UnlockedKey, UnlockKeyInput>
/** Saves the key encrypted under the passphrase. */
export type PersistKeyLogic = PromiseActorLogic<void, PersistKeyInput>
/** Deletes the saved key of `pubkey`. */
export type ForgetKeyLogic = PromiseActorLogic<void, { pubkey: string }>
/** Connects a NIP-46 signer (bunker:// or nostrconnect://) and gives the user's pubkey. */
export type ConnectRemoteLogic = PromiseActorLogic<{ pubkey: string }, { uri: string }>

const notProvided = (name: string) =>
  new Error(
    `login.machine: the '${name}' actor was not provided; use loginMachine.provide({ actors: { ${name} } })`,
  )

const placeholders = {
  extensionPublicKey: fromPromise<string>(async () => {
    throw notProvided('extensionPublicKey')
  }) satisfies ExtensionPublicKeyLogic,
  watchExtension: fromCallback<EventObject, WatchExtensionInput>(() => {
    throw notProvided('watchExtension')
  }) satisfies WatchExtensionLogic,
  unlockKey: fromPromise<UnlockedKey, UnlockKeyInput>(async () => {
    throw notProvided('unlockKey')
  }) satisfies UnlockKeyLogic,
  persistKey: fromPromise<void, PersistKeyInput>(async () => {
    throw notProvided('persistKey')
  }) satisfies PersistKeyLogic,
  forgetKey: fromPromise<void, { pubkey: string }>(async () => {
    throw notProvided('forgetKey')
  }) satisfies ForgetKeyLogic,
  connectRemote: fromPromise<{ pubkey: string }, { uri: string }>(async () => {
    throw notProvided('connectRemote')
  }) satisfies ConnectRemoteLogic,
}

// ---------------------------------------------------------------------------------------------
// Pure helpers.

/** Equal bytes, compared in full whatever the first difference. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return diff === 0
}

/** The rejection's own message, or the fallback. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}

function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`login.machine: no ${what}`)
  return value
}

const signedOutContext = {
  pubkey: null,
  method: null,
  key: null,
  persistedThisSession: false,
  pendingAction: null,
  error: null,
} satisfies Omit<LoginContext, 'extensionAvailable'>

/** A fresh session: no key, not persisted, no error. */
const freshSession = (pubkey: string, method: LoginMethod) => ({
  pubkey,
  method,
  key: null,
  persistedThisSession: false,
  error: null,
})

interface SignInParams {
  pubkey: string
  method: LoginMethod
  key: Secret<Uint8Array> | null
  persisted: boolean
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    emitted: {} as LoginEmitted,
    children: {} as {
      watcher: 'watchExtension'
      extension: 'extensionPublicKey'
      unlock: 'unlockKey'
      verify: 'unlockKey'
      remote: 'connectRemote'
      persist: 'persistKey'
      forget: 'forgetKey'
    },
  },
  actors: placeholders,
  delays: {
    extensionTimeout: EXTENSION_PUBKEY_TIMEOUT_MS,
  },
  guards: {
    extensionAvailable: ({ context }) => context.extensionAvailable,
    wantsPersist: ({ event }) => event.type === 'login.nsec' && event.persist !== undefined,
    restoresNsec: ({ event }) => event.type === 'session.restore' && event.method === 'nsec',
    restoresNpub: ({ event }) => event.type === 'session.restore' && event.method === 'npub',
    restoresNip07: ({ event }) => event.type === 'session.restore' && event.method === 'nip07',
    restoresRemote: ({ event }) =>
      event.type === 'session.restore' && event.method === 'remote' && Boolean(event.uri),
    hasSavedKey: ({ context }) => context.method === 'nsec' && context.persistedThisSession,
    typedKeyMatches: ({ context, event }) => {
      if (event.type !== 'logout.deleteSavedKey') return false
      if (event.pubkey !== context.pubkey) return false
      // Locked: no key in memory, the pubkey derived from the typed key has to do.
      return context.key === null || sameBytes(context.key.reveal(), event.nsecTyped.reveal())
    },
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
    signIn: assign((_, params: SignInParams) => ({
      pubkey: params.pubkey,
      method: params.method,
      key: params.key,
      persistedThisSession: params.persisted,
      error: null,
    })),
    signInWithKey: assign(({ context, event }) =>
      event.type === 'login.nsec'
        ? { ...freshSession(event.pubkey, 'nsec'), key: event.key }
        : context,
    ),
    signInReadOnly: assign(({ context, event }) =>
      event.type === 'login.npub' || event.type === 'session.restore'
        ? freshSession(event.pubkey, 'npub')
        : context,
    ),
    restoreLocked: assign(({ context, event }) =>
      event.type === 'session.restore'
        ? { ...freshSession(event.pubkey, 'nsec'), persistedThisSession: true }
        : context,
    ),
    storeKey: assign((_, params: { key: Secret<Uint8Array> }) => ({
      key: params.key,
      error: null,
    })),
    markPersisted: assign({ persistedThisSession: true }),
    clearSession: assign(signedOutContext),
    emitSignedIn: emit(({ context }) => ({
      type: 'session.signedIn' as const,
      pubkey: required(context.pubkey, 'pubkey'),
      method: required(context.method, 'method'),
      pendingAction: context.pendingAction,
    })),
    emitSignedOut: emit(({ context }) => ({
      type: 'session.signedOut' as const,
      pubkey: required(context.pubkey, 'pubkey'),
    })),
    emitUnlocked: emit(({ context }) => ({
      type: 'key.unlocked' as const,
      pubkey: required(context.pubkey, 'pubkey'),
      pendingAction: context.pendingAction,
    })),
  },
}).createMachine({
  id: 'login',
  context: { ...signedOutContext, extensionAvailable: false },
  initial: 'signedOut',
  states: {
    signedOut: {
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
                    actions: { type: 'fail', params: { message: LOGIN_ERRORS.extensionNotFound } },
                  },
                ],
                'login.nsec': [
                  {
                    guard: 'wantsPersist',
                    target: '#login.signedIn.method.nsec.unlocked.save.saving',
                    actions: 'signInWithKey',
                  },
                  {
                    target: '#login.signedIn.method.nsec',
                    actions: 'signInWithKey',
                  },
                ],
                'login.npub': {
                  target: '#login.signedIn.method.npub',
                  actions: 'signInReadOnly',
                },
                'login.saved': { target: 'unlocking', actions: 'clearError' },
                'login.remote': { target: 'remote', actions: 'clearError' },
                'session.restore': [
                  {
                    guard: 'restoresNsec',
                    target: '#login.signedIn.method.nsec.locked',
                    actions: 'restoreLocked',
                  },
                  {
                    guard: 'restoresNpub',
                    target: '#login.signedIn.method.npub',
                    actions: 'signInReadOnly',
                  },
                  { guard: 'restoresNip07', target: 'extension', actions: 'clearError' },
                  { guard: 'restoresRemote', target: 'remote', actions: 'clearError' },
                ],
              },
            },
            extension: {
              invoke: {
                id: 'extension',
                src: 'extensionPublicKey',
                onDone: {
                  target: '#login.signedIn.method.nip07',
                  actions: {
                    type: 'signIn',
                    params: ({ event }) => ({
                      pubkey: event.output,
                      method: 'nip07',
                      key: null,
                      persisted: false,
                    }),
                  },
                },
                onError: {
                  target: 'ready',
                  actions: {
                    type: 'fail',
                    params: ({ event }) => ({
                      message: messageOf(event.error, LOGIN_ERRORS.extensionFailed),
                    }),
                  },
                },
              },
              after: {
                extensionTimeout: {
                  target: 'ready',
                  actions: { type: 'fail', params: { message: LOGIN_ERRORS.extensionTimeout } },
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
                  return { pubkey: event.pubkey, passphrase: event.passphrase }
                },
                onDone: {
                  target: '#login.signedIn.method.nsec',
                  actions: {
                    type: 'signIn',
                    params: ({ event }) => ({
                      pubkey: event.output.pubkey,
                      method: 'nsec',
                      key: event.output.key,
                      persisted: true,
                    }),
                  },
                },
                onError: {
                  target: 'ready',
                  actions: {
                    type: 'fail',
                    params: ({ event }) => ({
                      message: messageOf(event.error, LOGIN_ERRORS.savedAccountFailed),
                    }),
                  },
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
                  if (event.type === 'session.restore' && event.uri) return { uri: event.uri }
                  throw new Error(`remote: from ${event.type}`)
                },
                onDone: {
                  target: '#login.signedIn.method.remote',
                  actions: {
                    type: 'signIn',
                    params: ({ event }) => ({
                      pubkey: event.output.pubkey,
                      method: 'remote',
                      key: null,
                      persisted: false,
                    }),
                  },
                },
                onError: {
                  target: 'ready',
                  actions: {
                    type: 'fail',
                    params: ({ event }) => ({
                      message: messageOf(event.error, LOGIN_ERRORS.remoteFailed),
                    }),
                  },
                },
              },
              on: { 'login.cancelled': 'ready' },
            },
          },
        },
      },
    },
    signedIn: {
      type: 'parallel',
      // The UI runs the pending action on `session.signedIn`; it is not kept.
      entry: ['emitSignedIn', 'dropPendingAction'],
      exit: ['emitSignedOut', 'clearSession'],
      states: {
        method: {
          // Never entered by default: every sign-in targets its method.
          initial: 'npub',
          states: {
            nip07: {},
            nsec: {
              initial: 'unlocked',
              states: {
                unlocked: {
                  type: 'parallel',
                  states: {
                    save: {
                      initial: 'idle',
                      states: {
                        idle: {
                          on: { 'key.persist': { target: 'saving', actions: 'clearError' } },
                        },
                        saving: {
                          invoke: {
                            id: 'persist',
                            src: 'persistKey',
                            input: ({ context, event }) => {
                              const passphrase =
                                event.type === 'key.persist'
                                  ? event.passphrase
                                  : event.type === 'login.nsec'
                                    ? event.persist?.passphrase
                                    : undefined
                              return {
                                key: required(context.key, 'key'),
                                pubkey: required(context.pubkey, 'pubkey'),
                                passphrase: required(passphrase, 'passphrase'),
                              }
                            },
                            onDone: { target: 'idle', actions: 'markPersisted' },
                            onError: {
                              target: 'idle',
                              actions: {
                                type: 'fail',
                                params: ({ event }) => ({
                                  message: messageOf(event.error, LOGIN_ERRORS.persistFailed),
                                }),
                              },
                            },
                          },
                        },
                      },
                    },
                    secret: {
                      initial: 'hidden',
                      states: {
                        hidden: {
                          on: {
                            'secret.view': {
                              guard: 'hasSavedKey',
                              target: 'verifying',
                              actions: 'clearError',
                            },
                          },
                        },
                        verifying: {
                          invoke: {
                            id: 'verify',
                            src: 'unlockKey',
                            input: ({ context, event }) => {
                              if (event.type !== 'secret.view') {
                                throw new Error(`verify: from ${event.type}`)
                              }
                              const pubkey = required(context.pubkey, 'pubkey')
                              return { pubkey, passphrase: event.passphrase }
                            },
                            onDone: 'shown',
                            onError: {
                              target: 'hidden',
                              actions: {
                                type: 'fail',
                                params: { message: LOGIN_ERRORS.viewSecretFailed },
                              },
                            },
                          },
                        },
                        shown: { on: { 'secret.hide': 'hidden' } },
                      },
                    },
                  },
                },
                locked: {
                  initial: 'idle',
                  states: {
                    idle: {
                      on: {
                        'key.unlock': { target: 'unlocking', actions: 'clearError' },
                        // The unlock modal's 'Unlock & {action}'.
                        'login.requested': { actions: 'storePendingAction' },
                        'login.cancelled': { actions: 'dropPendingAction' },
                      },
                    },
                    unlocking: {
                      invoke: {
                        id: 'unlock',
                        src: 'unlockKey',
                        input: ({ context, event }) => {
                          if (event.type !== 'key.unlock') {
                            throw new Error(`unlock: from ${event.type}`)
                          }
                          const pubkey = required(context.pubkey, 'pubkey')
                          return { pubkey, passphrase: event.passphrase }
                        },
                        onDone: {
                          target: '#login.signedIn.method.nsec.unlocked',
                          actions: [
                            {
                              type: 'storeKey',
                              params: ({ event }) => ({ key: event.output.key }),
                            },
                            'emitUnlocked',
                            'dropPendingAction',
                          ],
                        },
                        onError: {
                          target: 'idle',
                          actions: {
                            type: 'fail',
                            params: ({ event }) => ({
                              message: messageOf(event.error, LOGIN_ERRORS.unlockFailed),
                            }),
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
            npub: {},
            remote: {},
          },
        },
        signOut: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'logout.requested': [
                  { guard: 'hasSavedKey', target: 'choosing', actions: 'clearError' },
                  { target: 'confirming', actions: 'clearError' },
                ],
              },
            },
            confirming: {
              on: {
                'logout.confirmed': '#login.signedOut',
                'logout.cancelled': 'closed',
              },
              // The key got saved while asking: offer the saved-key choices instead.
              always: { guard: 'hasSavedKey', target: 'choosing' },
            },
            choosing: {
              on: {
                'logout.keepSavedKey': '#login.signedOut',
                'logout.deleteSavedKey': [
                  { guard: 'typedKeyMatches', target: 'deleting', actions: 'clearError' },
                  { actions: { type: 'fail', params: { message: LOGIN_ERRORS.keyMismatch } } },
                ],
                'logout.cancelled': { target: 'closed', actions: 'clearError' },
              },
            },
            deleting: {
              invoke: {
                id: 'forget',
                src: 'forgetKey',
                input: ({ context }) => ({ pubkey: required(context.pubkey, 'pubkey') }),
                onDone: '#login.signedOut',
                onError: {
                  target: 'choosing',
                  actions: {
                    type: 'fail',
                    params: ({ event }) => ({
                      message: messageOf(event.error, LOGIN_ERRORS.forgetFailed),
                    }),
                  },
                },
              },
            },
          },
        },
      },
    },
  },
})

export type LoginMachine = typeof loginMachine
export type LoginSnapshot = SnapshotFrom<LoginMachine>
export type LoginActorRef = ActorRefFrom<LoginMachine>

// ---------------------------------------------------------------------------------------------
// Selectors for the UI and the signers.

const isLocked = (snapshot: LoginSnapshot): boolean =>
  snapshot.matches({ signedIn: { method: { nsec: 'locked' } } })

/** True for an extension, an unlocked nsec or a remote signer. */
export function canSign(snapshot: LoginSnapshot): boolean {
  if (!snapshot.matches('signedIn')) return false
  const { method } = snapshot.context
  if (method === 'nip07' || method === 'remote') return true
  return method === 'nsec' && snapshot.matches({ signedIn: { method: { nsec: 'unlocked' } } })
}

/** Why signing is not possible now, or null when it is. */
export function signingUnavailable(snapshot: LoginSnapshot): string | null {
  if (canSign(snapshot)) return null
  return isLocked(snapshot) ? SIGNING_UNAVAILABLE.locked : SIGNING_UNAVAILABLE.noMethod
}

/** The key status line of the settings panel; null when signed out. */
export function keyStatusLabel(snapshot: LoginSnapshot): string | null {
  if (!snapshot.matches('signedIn')) return null
  switch (snapshot.context.method) {
    case 'nsec':
      return isLocked(snapshot) ? 'Key: Locked' : 'Key: Unlocked'
    case 'nip07':
      return 'Using Extension Key'
    case 'npub':
      return 'Using Public Key Only'
    case 'remote':
      return 'Using Remote Signer'
    default:
      return null
  }
}

/** View nsec is offered to an nsec login with a saved key. */
export function canViewSecret(snapshot: LoginSnapshot): boolean {
  return snapshot.matches('signedIn') && snapshot.context.method === 'nsec'
    ? snapshot.context.persistedThisSession
    : false
}
