/**
 * Selector hooks over the login actor and its children: `signIn` (the login gate and the sign-in
 * attempts, while signed out), `nsecKey` (an nsec login's key) and `signOut` (the sign-out dialog).
 * Each actor is subscribed to on its own, so a child's change shows without the login's changing.
 */
import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import {
  canSaveKey,
  canSign,
  canViewSecret,
  keyLocked,
  keyStatusLabel,
  type LoginSnapshot,
} from '../../machines/login.machine.ts'
import { type NsecKeySnapshot, secretShown } from '../../machines/nsec-key.machine.ts'
import type { SignInSnapshot } from '../../machines/sign-in.machine.ts'
import type { SignOutSnapshot } from '../../machines/sign-out.machine.ts'
import { useSystem } from '../system-context.tsx'

export interface LoginView {
  signedIn: boolean
  pubkey: string | null
  method: LoginSnapshot['context']['method']
  keyStatus: string | null
  canSign: boolean
  canViewSecret: boolean
  canSaveKey: boolean
  locked: boolean
  secretShown: boolean
  /** The login options modal (the gate) is open. */
  choosing: boolean
  busy: boolean
  extensionAvailable: boolean
  pendingAction: string | null
  signOutStep: 'closed' | 'confirming' | 'choosing' | 'deleting'
  error: string | null
}

function sessionView(snapshot: LoginSnapshot) {
  const { context } = snapshot
  return {
    signedIn: snapshot.matches('signedIn'),
    pubkey: context.pubkey,
    method: context.method,
    keyStatus: keyStatusLabel(snapshot),
    canSign: canSign(snapshot),
    canViewSecret: canViewSecret(snapshot),
    canSaveKey: canSaveKey(snapshot),
    locked: keyLocked(snapshot),
    pendingAction: context.pendingAction,
    error: context.error,
  }
}

/** While signed out, the pending action and the last error are the `signIn` child's. */
function signInView(snapshot: SignInSnapshot | undefined) {
  if (snapshot?.status !== 'active') return null
  return {
    choosing: snapshot.matches({ signingIn: { gate: 'choosing' } }),
    busy: !snapshot.matches({ signingIn: { attempt: 'ready' } }),
    extensionAvailable: snapshot.context.extensionAvailable,
    pendingAction: snapshot.context.pendingAction,
    error: snapshot.context.error,
  }
}

function signOutStep(snapshot: SignOutSnapshot | undefined): LoginView['signOutStep'] {
  const steps = ['confirming', 'choosing', 'deleting'] as const
  return steps.find((step) => snapshot?.status === 'active' && snapshot.matches(step)) ?? 'closed'
}

const isSecretShown = (snapshot: NsecKeySnapshot | undefined) => secretShown(snapshot)

/** Field by field, so a new snapshot with the same view does not render again. */
function same<T extends Record<string, unknown>>(a: T | null, b: T | null): boolean {
  if (a === null || b === null) return a === b
  return Object.keys(a).every((key) => Object.is(a[key], b[key]))
}

export function useLogin(): LoginView {
  const { login } = useSystem()
  const signIn = useSelector(login, (snapshot) => snapshot.children.signIn)
  const nsecKey = useSelector(login, (snapshot) => snapshot.children.nsecKey)
  const signOut = useSelector(login, (snapshot) => snapshot.children.signOut)
  const session = useSelector(login, sessionView, same)
  const gate = useSelector(signIn, signInView, same)
  const shown = useSelector(nsecKey, isSecretShown)
  const step = useSelector(signOut, signOutStep)
  return useMemo(
    () => ({
      ...session,
      choosing: false,
      busy: false,
      extensionAvailable: false,
      ...gate,
      secretShown: shown,
      signOutStep: step,
    }),
    [session, gate, shown, step],
  )
}
