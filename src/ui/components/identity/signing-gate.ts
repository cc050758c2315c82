/**
 * Publishing needs someone who can sign. `withSigner` runs the action at once when the login can
 * sign; a visitor gets the login options (the login machine's gate, titled 'Log in to {action}'),
 * a locked key its unlock ('Unlock & {action}'), and the action runs once that succeeds. A
 * public-key-only login cannot sign: the caller shows 'Login Required'.
 *
 * The login machine keeps the action's name, not the action: the action waits here, one per login
 * actor (the latest request wins), and runs when the sign-in or unlock reports the same name.
 * A gate closed without logging in reports no name, and the waiting action is dropped.
 */
import { canSign, keyLocked, type LoginActorRef } from '../../../machines/login.machine.ts'

export type GateOutcome =
  /** Ran now. */
  | 'ran'
  /** The login options are open; runs after the sign-in. */
  | 'login'
  /** The key is locked: open the unlock modal; runs after the unlock. */
  | 'unlock'
  /** Logged in with a public key only: nothing can sign. */
  | 'read-only'

interface Waiting {
  action: string
  run(): void
}

const waiting = new WeakMap<LoginActorRef, Waiting>()
const listening = new WeakSet<LoginActorRef>()

function listen(login: LoginActorRef): void {
  if (listening.has(login)) return
  listening.add(login)
  const resume = (pendingAction: string | null) => {
    const next = waiting.get(login)
    waiting.delete(login)
    if (next && pendingAction === next.action && canSign(login.getSnapshot())) next.run()
  }
  login.on('session.signedIn', (event) => resume(event.pendingAction))
  login.on('key.unlocked', (event) => resume(event.pendingAction))
}

export function withSigner(login: LoginActorRef, action: string, run: () => void): GateOutcome {
  const snapshot = login.getSnapshot()
  if (canSign(snapshot)) {
    run()
    return 'ran'
  }
  const locked = keyLocked(snapshot)
  if (snapshot.matches('signedIn') && !locked) return 'read-only'
  listen(login)
  waiting.set(login, { action, run })
  login.send({ type: 'login.requested', action })
  return locked ? 'unlock' : 'login'
}
