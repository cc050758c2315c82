/**
 * Nsec key machine: the life of a secret key held by an nsec login, as a child of the login
 * machine (invoked as `nsecKey` while `signedIn.method.nsec`).
 *
 * The key is `locked` (saved encrypted, not in memory: after a reload) until the passphrase
 * unlocks it, then `unlocked`, where two regions run side by side: `save` (saving it encrypted
 * under a passphrase) and `secret` (showing it, after the passphrase is checked again).
 *
 * The login machine keeps the session (pubkey, the key in memory, whether it is saved, the pending
 * action, the last error) and forwards the user's key events here; this machine runs the effects
 * and reports what happened with `report` (sendParent of a `NsecKeyReport`). Every secret travels
 * as a `Secret`.
 */
import {
  type ActorRefFrom,
  assign,
  fromPromise,
  type PromiseActorLogic,
  type SnapshotFrom,
  sendParent,
  setup,
} from 'xstate'
import { messageOf } from '../core/platform/error-message.ts'
import type { Secret } from '../core/platform/secret.ts'

/** User-facing texts of the key's effects (spec §8); part of `LOGIN_ERRORS`. */
export const KEY_ERRORS = {
  unlockFailed: 'Failed to unlock',
  persistFailed: 'Failed to save key',
  viewSecretFailed: 'Invalid passphrase or no saved secret for this account',
} as const

export interface NsecKeyInput {
  pubkey: string
  /** The key in memory, or null for a saved key not unlocked yet. */
  key: Secret<Uint8Array> | null
}

export interface NsecKeyContext {
  pubkey: string
  key: Secret<Uint8Array> | null
}

/** The user's events, forwarded by the login machine. */
export type NsecKeyEvent =
  | { type: 'key.unlock'; passphrase: Secret<string> }
  | { type: 'key.persist'; passphrase: Secret<string> }
  | { type: 'secret.view'; passphrase: Secret<string> }
  | { type: 'secret.hide' }
  /** The unlock modal's 'Unlock & {action}': the action to run once unlocked. */
  | { type: 'login.requested'; action?: string }
  | { type: 'login.cancelled' }

/** What this machine tells the login machine. */
export type NsecKeyReport =
  /** An unlock, a save or a passphrase check started: the last error is stale. */
  | { type: 'nsec.busy' }
  | { type: 'nsec.failed'; message: string }
  | { type: 'nsec.saved' }
  | { type: 'nsec.unlocked'; key: Secret<Uint8Array> }
  /** The action to run once unlocked (null: none). */
  | { type: 'nsec.pendingAction'; action: string | null }

// ---------------------------------------------------------------------------------------------
// The effects the app provides.

/** Which screen asks: each words a failure its own way (spec §8). */
export type UnlockPurpose = 'unlock' | 'viewSecret' | 'savedAccount'
export interface UnlockKeyInput {
  pubkey: string
  passphrase: Secret<string>
  purpose: UnlockPurpose
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

/** Decrypts the saved key of `pubkey`; rejects with an Error whose message is the text to show. */
export type UnlockKeyLogic = PromiseActorLogic<UnlockedKey, UnlockKeyInput>
/** Saves the key encrypted under the passphrase. */
export type PersistKeyLogic = PromiseActorLogic<void, PersistKeyInput>

const notProvided = (name: string) =>
  new Error(
    `nsec-key.machine: the '${name}' actor was not provided; use nsecKeyMachine.provide({ actors: { ${name} } })`,
  )

const placeholders = {
  unlockKey: fromPromise<UnlockedKey, UnlockKeyInput>(async () => {
    throw notProvided('unlockKey')
  }) satisfies UnlockKeyLogic,
  persistKey: fromPromise<void, PersistKeyInput>(async () => {
    throw notProvided('persistKey')
  }) satisfies PersistKeyLogic,
}

const busy = { type: 'report', params: { type: 'nsec.busy' } } as const

export const nsecKeyMachine = setup({
  types: {
    context: {} as NsecKeyContext,
    events: {} as NsecKeyEvent,
    input: {} as NsecKeyInput,
    children: {} as { unlock: 'unlockKey'; verify: 'unlockKey'; persist: 'persistKey' },
  },
  actors: placeholders,
  guards: {
    inMemory: ({ context }) => context.key !== null,
  },
  actions: {
    report: sendParent((_, report: NsecKeyReport) => report),
    storeKey: assign((_, params: { key: Secret<Uint8Array> }) => ({ key: params.key })),
  },
}).createMachine({
  id: 'nsecKey',
  context: ({ input }) => ({ pubkey: input.pubkey, key: input.key }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'inMemory', target: 'unlocked' }, { target: 'locked' }],
    },
    locked: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'key.unlock': { target: 'unlocking', actions: busy },
            'login.requested': {
              actions: {
                type: 'report',
                params: ({ event }) => ({
                  type: 'nsec.pendingAction',
                  action: event.action ?? null,
                }),
              },
            },
            'login.cancelled': {
              actions: { type: 'report', params: { type: 'nsec.pendingAction', action: null } },
            },
          },
        },
        unlocking: {
          invoke: {
            id: 'unlock',
            src: 'unlockKey',
            input: ({ context, event }) => {
              if (event.type !== 'key.unlock') throw new Error(`unlock: from ${event.type}`)
              return { pubkey: context.pubkey, passphrase: event.passphrase, purpose: 'unlock' }
            },
            onDone: {
              target: '#nsecKey.unlocked',
              actions: [
                { type: 'storeKey', params: ({ event }) => ({ key: event.output.key }) },
                {
                  type: 'report',
                  params: ({ event }) => ({ type: 'nsec.unlocked', key: event.output.key }),
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'report',
                params: ({ event }) => ({
                  type: 'nsec.failed',
                  message: messageOf(event.error, KEY_ERRORS.unlockFailed),
                }),
              },
            },
          },
        },
      },
    },
    unlocked: {
      type: 'parallel',
      states: {
        save: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'key.persist': { target: 'saving', actions: busy } },
            },
            saving: {
              invoke: {
                id: 'persist',
                src: 'persistKey',
                input: ({ context, event }) => {
                  if (event.type !== 'key.persist') throw new Error(`persist: from ${event.type}`)
                  if (!context.key) throw new Error('nsec-key.machine: no key')
                  return { key: context.key, pubkey: context.pubkey, passphrase: event.passphrase }
                },
                onDone: {
                  target: 'idle',
                  actions: { type: 'report', params: { type: 'nsec.saved' } },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'report',
                    params: ({ event }) => ({
                      type: 'nsec.failed',
                      message: messageOf(event.error, KEY_ERRORS.persistFailed),
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
              // The login machine forwards `secret.view` only for a saved key.
              on: { 'secret.view': { target: 'verifying', actions: busy } },
            },
            verifying: {
              invoke: {
                id: 'verify',
                src: 'unlockKey',
                input: ({ context, event }) => {
                  if (event.type !== 'secret.view') throw new Error(`verify: from ${event.type}`)
                  return {
                    pubkey: context.pubkey,
                    passphrase: event.passphrase,
                    purpose: 'viewSecret',
                  }
                },
                onDone: 'shown',
                onError: {
                  target: 'hidden',
                  actions: {
                    type: 'report',
                    params: ({ event }) => ({
                      type: 'nsec.failed',
                      message: messageOf(event.error, KEY_ERRORS.viewSecretFailed),
                    }),
                  },
                },
              },
            },
            shown: { on: { 'secret.hide': 'hidden' } },
          },
        },
      },
    },
  },
})

export type NsecKeyMachine = typeof nsecKeyMachine
export type NsecKeySnapshot = SnapshotFrom<NsecKeyMachine>
export type NsecKeyActorRef = ActorRefFrom<NsecKeyMachine>

/** The nsec is on screen (View nsec, after its passphrase was checked). */
export function secretShown(snapshot: NsecKeySnapshot | undefined): boolean {
  return snapshot?.matches({ unlocked: { secret: 'shown' } }) ?? false
}
