/**
 * The signer for who is logged in now, chosen from the login actor's snapshot. Signers that hold
 * a key are closed (their key wiped) when the user signs out.
 */
import type { Secret } from '../core/secret.ts'
import { keyLocked, type LoginActorRef } from '../machines/login.machine.ts'
import type { RemoteSignerSlot } from './login-effects.ts'
import type { Signer } from './signer.ts'
import { localKeySigner } from './signers/local-key.ts'
import { nip07Signer } from './signers/nip07.ts'
import { lockedSigner, noSigner } from './signers/unavailable.ts'

export function createSignerSource(login: LoginActorRef, remote: RemoteSignerSlot): () => Signer {
  const extension = nip07Signer()
  let local: { key: Secret<Uint8Array>; signer: Signer } | null = null

  login.on('session.signedOut', () => {
    local?.signer.close()
    local = null
    remote.current?.close()
    remote.current = null
  })

  return () => {
    const snapshot = login.getSnapshot()
    const { pubkey, key } = snapshot.context
    if (snapshot.matches({ signedIn: { method: 'nip07' } })) return extension
    if (snapshot.matches({ signedIn: { method: 'remote' } }) && remote.current)
      return remote.current
    // The key is in memory exactly while it is unlocked.
    if (snapshot.matches({ signedIn: { method: 'nsec' } }) && key) {
      if (local?.key !== key) local = { key, signer: localKeySigner(key) }
      return local.signer
    }
    if (keyLocked(snapshot)) return lockedSigner(pubkey ?? undefined)
    return noSigner(pubkey ?? undefined)
  }
}
