/**
 * Sign-out machine: the sign-out dialogs, as a child of the login machine (invoked as `signOut`
 * from `logout.requested` until the dialog closes; the login machine forwards `logout.*` here).
 *
 * Without a saved key, sign-out asks to confirm. With one (an nsec login whose key is saved
 * encrypted), it offers to keep the saved key or to delete it, which needs the full nsec of this
 * account. The login machine keeps the record (the error) and also forwards what the key does
 * meanwhile (`nsec.saved`, `nsec.unlocked`); this machine reports with `report` (sendParent of a
 * `SignOutReport`) and ends `signedOut` or `cancelled`.
 */
import {
  assign,
  fromPromise,
  type PromiseActorLogic,
  type SnapshotFrom,
  sendParent,
  setup,
} from 'xstate'
import { messageOf } from '../core/platform/error-message.ts'
import type { Secret } from '../core/platform/secret.ts'
import type { NsecKeyReport } from './nsec-key.machine.ts'

/** User-facing texts of sign-out (spec §8); part of `LOGIN_ERRORS`. */
export const SIGN_OUT_ERRORS = {
  forgetFailed: 'Failed to delete saved key',
  keyMismatch: 'The secret key does not match this account',
} as const

export interface SignOutInput {
  pubkey: string
  /** The key in memory, or null when it is locked. */
  key: Secret<Uint8Array> | null
  /** An nsec login whose key is saved encrypted. */
  savedKey: boolean
}
export type SignOutContext = SignOutInput

export type SignOutEvent =
  | { type: 'logout.confirmed' }
  | { type: 'logout.cancelled' }
  | { type: 'logout.keepSavedKey' }
  /** The typed key and the pubkey the UI derived from it (as for `login.nsec`). */
  | { type: 'logout.deleteSavedKey'; nsecTyped: Secret<Uint8Array>; pubkey: string }
  /** From the key, forwarded by the login machine. */
  | Extract<NsecKeyReport, { type: 'nsec.saved' | 'nsec.unlocked' }>

/** What this machine tells the login machine. */
export type SignOutReport =
  /** The dialog's last message no longer applies (a deletion started, the choices closed). */
  | { type: 'signOut.cleared' }
  | { type: 'signOut.failed'; message: string }
  | { type: 'signOut.confirmed' }
  | { type: 'signOut.cancelled' }

/** Deletes the saved key of `pubkey`. */
export type ForgetKeyLogic = PromiseActorLogic<void, { pubkey: string }>

/** Equal bytes, compared in full whatever the first difference. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return diff === 0
}

const report = (params: SignOutReport) => ({ type: 'report', params }) as const

export const signOutMachine = setup({
  types: {
    context: {} as SignOutContext,
    events: {} as SignOutEvent,
    input: {} as SignOutInput,
    children: {} as { forget: 'forgetKey' },
  },
  actors: {
    forgetKey: fromPromise<void, { pubkey: string }>(async () => {
      throw new Error(
        "sign-out.machine: the 'forgetKey' actor was not provided; use signOutMachine.provide({ actors: { forgetKey } })",
      )
    }) satisfies ForgetKeyLogic,
  },
  guards: {
    savedKey: ({ context }) => context.savedKey,
    typedKeyMatches: ({ context, event }) => {
      if (event.type !== 'logout.deleteSavedKey') return false
      if (event.pubkey !== context.pubkey) return false
      // Locked: no key in memory, the pubkey derived from the typed key has to do.
      return context.key === null || sameBytes(context.key.reveal(), event.nsecTyped.reveal())
    },
  },
  actions: {
    report: sendParent((_, params: SignOutReport) => params),
    markSaved: assign({ savedKey: true }),
    storeKey: assign({
      key: ({ context, event }) => (event.type === 'nsec.unlocked' ? event.key : context.key),
    }),
  },
}).createMachine({
  id: 'signOut',
  context: ({ input }) => input,
  initial: 'opening',
  on: { 'nsec.unlocked': { actions: 'storeKey' } },
  states: {
    opening: {
      always: [{ guard: 'savedKey', target: 'choosing' }, { target: 'confirming' }],
    },
    confirming: {
      on: {
        'logout.confirmed': { target: 'signedOut', actions: report({ type: 'signOut.confirmed' }) },
        'logout.cancelled': { target: 'cancelled', actions: report({ type: 'signOut.cancelled' }) },
        // The key got saved while asking: offer the saved-key choices instead.
        'nsec.saved': { target: 'choosing', actions: 'markSaved' },
      },
    },
    choosing: {
      on: {
        'logout.keepSavedKey': {
          target: 'signedOut',
          actions: report({ type: 'signOut.confirmed' }),
        },
        'logout.deleteSavedKey': [
          {
            guard: 'typedKeyMatches',
            target: 'deleting',
            actions: report({ type: 'signOut.cleared' }),
          },
          { actions: report({ type: 'signOut.failed', message: SIGN_OUT_ERRORS.keyMismatch }) },
        ],
        'logout.cancelled': {
          target: 'cancelled',
          actions: [report({ type: 'signOut.cleared' }), report({ type: 'signOut.cancelled' })],
        },
      },
    },
    deleting: {
      invoke: {
        id: 'forget',
        src: 'forgetKey',
        input: ({ context }) => ({ pubkey: context.pubkey }),
        onDone: { target: 'signedOut', actions: report({ type: 'signOut.confirmed' }) },
        onError: {
          target: 'choosing',
          actions: {
            type: 'report',
            params: ({ event }) => ({
              type: 'signOut.failed',
              message: messageOf(event.error, SIGN_OUT_ERRORS.forgetFailed),
            }),
          },
        },
      },
    },
    signedOut: { type: 'final' },
    cancelled: { type: 'final' },
  },
})

export type SignOutMachine = typeof signOutMachine
export type SignOutSnapshot = SnapshotFrom<SignOutMachine>
