/** Selector hooks over the login actor. */
import { useSelector } from '@xstate/react'
import {
  canSign,
  canViewSecret,
  keyStatusLabel,
  type LoginSnapshot,
} from '../../machines/login.machine.ts'
import { useSystem } from '../system-context.tsx'

export interface LoginView {
  signedIn: boolean
  pubkey: string | null
  method: LoginSnapshot['context']['method']
  keyStatus: string | null
  canSign: boolean
  canViewSecret: boolean
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

function view(snapshot: LoginSnapshot): LoginView {
  const { context } = snapshot
  const signOutStep = (['confirming', 'choosing', 'deleting'] as const).find((step) =>
    snapshot.matches({ signedIn: { signOut: step } }),
  )
  return {
    signedIn: snapshot.matches('signedIn'),
    pubkey: context.pubkey,
    method: context.method,
    keyStatus: keyStatusLabel(snapshot),
    canSign: canSign(snapshot),
    canViewSecret: canViewSecret(snapshot),
    locked: snapshot.matches({ signedIn: { method: { nsec: 'locked' } } }),
    secretShown: snapshot.matches({
      signedIn: { method: { nsec: { unlocked: { secret: 'shown' } } } },
    }),
    choosing: snapshot.matches({ signedOut: { gate: 'choosing' } }),
    busy: snapshot.matches('signedOut') && !snapshot.matches({ signedOut: { attempt: 'ready' } }),
    extensionAvailable: context.extensionAvailable,
    pendingAction: context.pendingAction,
    signOutStep: signOutStep ?? 'closed',
    error: context.error,
  }
}

const same = (a: LoginView, b: LoginView) =>
  (Object.keys(a) as (keyof LoginView)[]).every((key) => a[key] === b[key])

export function useLogin(): LoginView {
  const { login } = useSystem()
  return useSelector(login, view, same)
}
