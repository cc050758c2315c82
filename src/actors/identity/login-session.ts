/**
 * Who was logged in, across reloads (spec §3): the pubkey in localStorage (`nostrPubkey`), the
 * login method and whether the key was saved in sessionStorage (`nostrLoginMethod`,
 * `nostrNsecPersisted`). Never a secret: a saved key comes back locked, an in-memory key does not
 * come back, and a remote signer's session (its one-time secret) is not kept.
 */
import type { LoginActorRef, LoginMethod } from '../../machines/login.machine.ts'
import type { Keystore } from './keystore.ts'

export const PUBKEY_KEY = 'nostrPubkey'
export const METHOD_KEY = 'nostrLoginMethod'
export const PERSISTED_KEY = 'nostrNsecPersisted'

const RESTORABLE: readonly LoginMethod[] = ['nip07', 'nsec', 'npub']

export function keepSession(login: LoginActorRef): void {
  login.on('session.signedIn', ({ pubkey, method }) => {
    localStorage.setItem(PUBKEY_KEY, pubkey)
    sessionStorage.setItem(METHOD_KEY, method)
  })
  login.subscribe((snapshot) => {
    if (snapshot.context.persistedThisSession) sessionStorage.setItem(PERSISTED_KEY, 'true')
  })
  login.on('session.signedOut', () => {
    localStorage.removeItem(PUBKEY_KEY)
    sessionStorage.removeItem(METHOD_KEY)
    sessionStorage.removeItem(PERSISTED_KEY)
  })
}

/** Sends `session.restore` for the last login, when it can come back without a secret. */
export function restoreSession(login: LoginActorRef, keystore: Keystore): void {
  const pubkey = localStorage.getItem(PUBKEY_KEY)
  if (!pubkey) return
  const saved = keystore.savedAccounts().includes(pubkey)
  // A new browser session forgets the method; a saved key still says it was an nsec login.
  const method = (sessionStorage.getItem(METHOD_KEY) ??
    (saved ? 'nsec' : null)) as LoginMethod | null
  if (!method || !RESTORABLE.includes(method) || (method === 'nsec' && !saved)) {
    localStorage.removeItem(PUBKEY_KEY)
    return
  }
  login.send({ type: 'session.restore', pubkey, method })
}
