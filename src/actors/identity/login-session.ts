/**
 * Who was logged in, across reloads (spec §3): the pubkey in localStorage (`nostrPubkey`), the
 * login method and whether the key was saved in sessionStorage (`nostrLoginMethod`,
 * `nostrNsecPersisted`). Never a secret: a saved key comes back locked, an in-memory key does not
 * come back, and a remote signer's session comes back from its sealed record in IndexedDB
 * (remote-session-store.ts), which signing out forgets (NIP-46: the client key goes on logout).
 * A remote login whose signer was out of reach at the start stays stored, signed out, to be tried
 * again at the next start (remote-restore.ts); a login of another kind in its place forgets it.
 */
import type { LoginActorRef, LoginMethod } from '../../machines/login.machine.ts'
import type { Keystore } from './keystore.ts'
import type { RemoteSessionStore } from './remote-session-store.ts'

export const PUBKEY_KEY = 'nostrPubkey'
export const METHOD_KEY = 'nostrLoginMethod'
export const PERSISTED_KEY = 'nostrNsecPersisted'

const RESTORABLE: readonly LoginMethod[] = ['nip07', 'nsec', 'npub', 'remote']

/** The stored login goes: the next start is signed out. */
export function forgetLogin(): void {
  localStorage.removeItem(PUBKEY_KEY)
  sessionStorage.removeItem(METHOD_KEY)
  sessionStorage.removeItem(PERSISTED_KEY)
}

export function keepSession(login: LoginActorRef, remoteSessions: RemoteSessionStore): void {
  let method: LoginMethod | null = null
  login.on('session.signedIn', (event) => {
    if (event.method !== 'remote' && sessionStorage.getItem(METHOD_KEY) === 'remote') {
      forgetRemote(remoteSessions)
    }
    method = event.method
    localStorage.setItem(PUBKEY_KEY, event.pubkey)
    sessionStorage.setItem(METHOD_KEY, event.method)
  })
  login.subscribe((snapshot) => {
    if (snapshot.context.persistedThisSession) sessionStorage.setItem(PERSISTED_KEY, 'true')
  })
  login.on('session.signedOut', () => {
    forgetLogin()
    if (method === 'remote') forgetRemote(remoteSessions)
    method = null
  })
}

function forgetRemote(remoteSessions: RemoteSessionStore): void {
  remoteSessions.forget().catch((error: unknown) => {
    console.warn('Could not forget the remote signer session:', String(error))
  })
}

/** Sends `session.restore` for the last login, when it can come back without a secret. */
export function restoreSession(
  login: LoginActorRef,
  keystore: Keystore,
  remoteSessions: RemoteSessionStore,
): void {
  const pubkey = localStorage.getItem(PUBKEY_KEY)
  if (!pubkey) return
  const saved = keystore.savedAccounts().includes(pubkey)
  // A new browser session forgets the method; a saved key still says it was an nsec login.
  const method = (sessionStorage.getItem(METHOD_KEY) ??
    (saved ? 'nsec' : null)) as LoginMethod | null
  if (method === null) {
    void restoreKeptRemote(login, pubkey, remoteSessions)
    return
  }
  if (!RESTORABLE.includes(method) || (method === 'nsec' && !saved)) {
    localStorage.removeItem(PUBKEY_KEY)
    return
  }
  login.send({ type: 'session.restore', pubkey, method })
}

/** Likewise, a kept remote session of this pubkey says it was a remote login. */
async function restoreKeptRemote(
  login: LoginActorRef,
  pubkey: string,
  remoteSessions: RemoteSessionStore,
): Promise<void> {
  const kept = await remoteSessions.load().catch(() => undefined) // undefined: unreadable
  kept?.clientKey.reveal().fill(0)
  if (kept?.userPubkey === pubkey) {
    // Stored again, as a restore that is only put off keeps it.
    sessionStorage.setItem(METHOD_KEY, 'remote')
    login.send({ type: 'session.restore', pubkey, method: 'remote' })
    return
  }
  localStorage.removeItem(PUBKEY_KEY)
  if (kept !== null) await remoteSessions.forget().catch(() => {})
}
