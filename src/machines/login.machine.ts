/**
 * Login machine: who the user is and how they sign.
 *
 * Methods: none (signed out), `nip07` (browser extension), `nsec` (a secret key: in memory, or
 * saved and locked after a reload), `npub` (public key only: read only) and `remote` (NIP-46: its
 * session kept sealed on the device and resumed after a reload).
 *
 * The UI sends every event here, and three child machines do the work:
 * - `signIn` (sign-in.machine.ts) while `signedOut`: the login gate and the sign-in attempts;
 * - `nsecKey` (nsec-key.machine.ts) for an nsec login: the key's lock, saving and viewing;
 * - `signOut` (sign-out.machine.ts) while the sign-out dialog is open.
 * Their events are forwarded to them; they report back with events of their own (`signIn.*`,
 * `nsec.*`, `signOut.*`), and this context keeps the record of the session (the key in memory,
 * whether it is saved, the pending action, the last message). Every effect is a named actor the
 * app provides (`loginActors` hands each child its own); every secret travels as a `Secret`.
 */
import {
  type ActorRefFrom,
  type AnyStateMachine,
  assign,
  emit,
  forwardTo,
  raise,
  type SnapshotFrom,
  setup,
} from 'xstate'
import type { Secret } from '../core/platform/secret.ts'
import {
  KEY_ERRORS,
  type NsecKeyEvent,
  type NsecKeyReport,
  nsecKeyMachine,
} from './nsec-key.machine.ts'
import {
  type LoginMethod,
  SIGN_IN_ERRORS,
  type SignInEvent,
  type SignInReport,
  signInMachine,
} from './sign-in.machine.ts'
import {
  SIGN_OUT_ERRORS,
  type SignOutEvent,
  type SignOutReport,
  signOutMachine,
} from './sign-out.machine.ts'

export type {
  PersistKeyInput,
  PersistKeyLogic,
  UnlockedKey,
  UnlockKeyInput,
  UnlockKeyLogic,
} from './nsec-key.machine.ts'
export {
  type ConnectRemoteLogic,
  EXTENSION_POLL_MS,
  EXTENSION_PUBKEY_TIMEOUT_MS,
  type ExtensionAvailabilityEvent,
  type ExtensionPublicKeyLogic,
  type LoginMethod,
  type RestoreRemoteLogic,
  remoteRestoreMessage,
  remoteUnreachableMessage,
  type WatchExtensionInput,
  type WatchExtensionLogic,
} from './sign-in.machine.ts'
export { type ForgetKeyLogic, sameBytes } from './sign-out.machine.ts'

// Spec constants (§9 extension timeouts).
export const EXTENSION_SIGN_TIMEOUT_MS = 20_000
export const EXTENSION_POW_SIGN_TIMEOUT_MS = 30_000

/** User-facing texts the machines put in the error the UI shows (spec §5, §8). */
export const LOGIN_ERRORS = { ...SIGN_IN_ERRORS, ...KEY_ERRORS, ...SIGN_OUT_ERRORS } as const

/** Why signing is not possible (spec §8), for signers and the UI. */
export const SIGNING_UNAVAILABLE = {
  noMethod: 'No signing method available',
  locked: 'Key is locked. Please unlock your NSEC key with your passphrase to sign.',
} as const

/** The session; all null while signed out (the `signIn` child keeps the gate and its error). */
export interface LoginContext {
  pubkey: string | null
  method: LoginMethod | null
  /** The in-memory secret key of an nsec login; null while it is locked. */
  key: Secret<Uint8Array> | null
  /** An nsec login whose key is saved encrypted (saved now, unlocked from it, or restored). */
  persistedThisSession: boolean
  /** The action to run once the locked key is unlocked ('Unlock & react'). */
  pendingAction: string | null
  /** The last user-facing message; cleared when a new attempt starts. */
  error: string | null
}

export type LoginEvent =
  | SignInEvent
  | NsecKeyEvent
  | { type: 'logout.requested' }
  | SignOutEvent
  | SignInReport
  | NsecKeyReport
  | SignOutReport

/** Events emitted to `actor.on(...)` listeners (the UI, the wallet). */
export type LoginEmitted =
  | { type: 'session.signedIn'; pubkey: string; method: LoginMethod; pendingAction: string | null }
  | { type: 'session.signedOut'; pubkey: string }
  | { type: 'key.unlocked'; pubkey: string; pendingAction: string | null }

type EffectsOf<T extends AnyStateMachine> = Required<
  NonNullable<Parameters<T['provide']>[0]['actors']>
>
/** The effects the app provides: every actor the children run, by name. */
export type LoginEffects = EffectsOf<typeof signInMachine> &
  EffectsOf<typeof nsecKeyMachine> &
  EffectsOf<typeof signOutMachine>

/**
 * `loginMachine.provide({ actors: loginActors(effects) })`: a machine's `provide` does not reach
 * the machines it invokes, so each child is provided here with the effects it runs.
 */
export function loginActors(effects: LoginEffects) {
  const { extensionPublicKey, watchExtension, unlockKey, persistKey, connectRemote } = effects
  const { restoreRemote } = effects
  return {
    signIn: signInMachine.provide({
      actors: { extensionPublicKey, watchExtension, unlockKey, connectRemote, restoreRemote },
    }),
    nsecKey: nsecKeyMachine.provide({ actors: { unlockKey, persistKey } }),
    signOut: signOutMachine.provide({ actors: { forgetKey: effects.forgetKey } }),
  }
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
} satisfies LoginContext

const toSignIn = { actions: 'forwardToSignIn' } as const
const toKey = { actions: 'forwardToKey' } as const
const toSignOut = { actions: 'forwardToSignOut' } as const

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    emitted: {} as LoginEmitted,
    children: {} as { signIn: 'signIn'; nsecKey: 'nsecKey'; signOut: 'signOut' },
  },
  actors: { signIn: signInMachine, nsecKey: nsecKeyMachine, signOut: signOutMachine },
  guards: {
    savesKey: ({ event }) => event.type === 'signIn.succeeded' && event.persist !== undefined,
    isMethod: ({ context }, params: { method: LoginMethod }) => context.method === params.method,
    nsecLogin: ({ context }) => context.method === 'nsec',
    hasSavedKey: ({ context }) => context.method === 'nsec' && context.persistedThisSession,
    keyLocked: ({ context }) => context.method === 'nsec' && context.key === null,
  },
  actions: {
    signIn: assign(({ context, event }) =>
      event.type === 'signIn.succeeded'
        ? {
            pubkey: event.pubkey,
            method: event.method,
            key: event.key,
            persistedThisSession: event.persisted,
            pendingAction: event.pendingAction,
            error: null,
          }
        : context,
    ),
    /** Save the key just logged in with, as `key.persist` does. */
    persistNow: raise((_, params: { passphrase: Secret<string> }) => ({
      type: 'key.persist' as const,
      passphrase: params.passphrase,
    })),
    forwardToSignIn: forwardTo('signIn'),
    forwardToKey: forwardTo('nsecKey'),
    forwardToSignOut: forwardTo('signOut'),
    storePendingAction: assign({
      pendingAction: ({ context, event }) =>
        event.type === 'nsec.pendingAction' ? event.action : context.pendingAction,
    }),
    dropPendingAction: assign({ pendingAction: null }),
    clearError: assign({ error: null }),
    fail: assign({
      error: ({ context, event }) => ('message' in event ? event.message : context.error),
    }),
    storeKey: assign({
      key: ({ context, event }) => (event.type === 'nsec.unlocked' ? event.key : context.key),
      error: null,
    }),
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
  context: signedOutContext,
  initial: 'signedOut',
  states: {
    signedOut: {
      invoke: { id: 'signIn', src: 'signIn' },
      on: {
        'login.*': toSignIn,
        'session.restore': toSignIn,
        'extension.availability': toSignIn,
        'signIn.succeeded': [
          {
            guard: 'savesKey',
            target: 'signedIn',
            actions: [
              'signIn',
              { type: 'persistNow', params: ({ event }) => required(event.persist, 'passphrase') },
            ],
          },
          { target: 'signedIn', actions: 'signIn' },
        ],
      },
    },
    signedIn: {
      type: 'parallel',
      // The UI runs the pending action on `session.signedIn`; it is not kept.
      entry: ['emitSignedIn', 'dropPendingAction'],
      exit: ['emitSignedOut', 'clearSession'],
      states: {
        method: {
          initial: 'routing',
          states: {
            routing: {
              always: [
                { guard: { type: 'isMethod', params: { method: 'nip07' } }, target: 'nip07' },
                { guard: { type: 'isMethod', params: { method: 'nsec' } }, target: 'nsec' },
                { guard: { type: 'isMethod', params: { method: 'remote' } }, target: 'remote' },
                { target: 'npub' },
              ],
            },
            nip07: {},
            nsec: {
              invoke: {
                id: 'nsecKey',
                src: 'nsecKey',
                input: ({ context }) => ({
                  pubkey: required(context.pubkey, 'pubkey'),
                  key: context.key,
                }),
              },
              on: {
                'key.*': toKey,
                // View nsec is for a saved key only.
                'secret.view': { guard: 'hasSavedKey', ...toKey },
                'secret.hide': toKey,
                // The unlock modal's 'Unlock & {action}'.
                'login.requested': toKey,
                'login.cancelled': toKey,
                'nsec.pendingAction': { guard: 'keyLocked', actions: 'storePendingAction' },
                'nsec.busy': { actions: 'clearError' },
                'nsec.failed': { actions: 'fail' },
                'nsec.saved': { actions: 'markPersisted' },
                'nsec.unlocked': { actions: ['storeKey', 'emitUnlocked', 'dropPendingAction'] },
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
              on: { 'logout.requested': { target: 'open', actions: 'clearError' } },
            },
            open: {
              invoke: {
                id: 'signOut',
                src: 'signOut',
                input: ({ context }) => ({
                  pubkey: required(context.pubkey, 'pubkey'),
                  key: context.key,
                  savedKey: context.method === 'nsec' && context.persistedThisSession,
                }),
              },
              on: {
                'logout.confirmed': toSignOut,
                'logout.cancelled': toSignOut,
                'logout.keepSavedKey': toSignOut,
                'logout.deleteSavedKey': toSignOut,
                // What the key does meanwhile (an nsec login's only).
                'nsec.saved': { guard: 'nsecLogin', ...toSignOut },
                'nsec.unlocked': { guard: 'nsecLogin', ...toSignOut },
                'signOut.cleared': { actions: 'clearError' },
                'signOut.failed': { actions: 'fail' },
                'signOut.cancelled': 'closed',
                'signOut.confirmed': '#login.signedOut',
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
// Selectors for the UI and the signers. The key is in memory (`context.key`) exactly while the
// `nsecKey` child is unlocked.

/** An nsec login whose key is saved but not unlocked yet. */
export function keyLocked(snapshot: LoginSnapshot): boolean {
  return snapshot.matches({ signedIn: { method: 'nsec' } }) && snapshot.context.key === null
}

/** True for an extension, an unlocked nsec or a remote signer. */
export function canSign(snapshot: LoginSnapshot): boolean {
  if (!snapshot.matches('signedIn')) return false
  const { method, key } = snapshot.context
  if (method === 'nip07' || method === 'remote') return true
  return method === 'nsec' && key !== null
}

/** Why signing is not possible now, or null when it is. */
export function signingUnavailable(snapshot: LoginSnapshot): string | null {
  if (canSign(snapshot)) return null
  return keyLocked(snapshot) ? SIGNING_UNAVAILABLE.locked : SIGNING_UNAVAILABLE.noMethod
}

const METHOD_LABELS = {
  nip07: 'Using Extension Key',
  npub: 'Using Public Key Only',
  remote: 'Using Remote Signer',
} as const

/** The key status line of the settings panel; null when signed out. */
export function keyStatusLabel(snapshot: LoginSnapshot): string | null {
  const { method } = snapshot.context
  if (!snapshot.matches('signedIn') || !method) return null
  if (method === 'nsec') return keyLocked(snapshot) ? 'Key: Locked' : 'Key: Unlocked'
  return METHOD_LABELS[method]
}

/** View nsec is offered to an nsec login with a saved key. */
export function canViewSecret(snapshot: LoginSnapshot): boolean {
  return snapshot.matches({ signedIn: { method: 'nsec' } }) && snapshot.context.persistedThisSession
}

/** Save key on this device is offered to an unlocked nsec login whose key is only in memory. */
export function canSaveKey(snapshot: LoginSnapshot): boolean {
  return (
    snapshot.matches({ signedIn: { method: 'nsec' } }) &&
    !snapshot.context.persistedThisSession &&
    !keyLocked(snapshot)
  )
}
