/**
 * The signer for who is logged in now, chosen from the login actor's snapshot. Signers that hold
 * a key are closed (their key wiped) when the user signs out.
 */
import type { Secret } from '../../core/platform/secret.ts'
import { keyLocked, type LoginActorRef } from '../../machines/login.machine.ts'
import type { Signer } from '../platform/signer.ts'
import type { RemoteSignerSlot } from './login.effects.ts'
import { lazySigner } from './signers/lazy.ts'
import { lockedSigner, noSigner } from './signers/unavailable.ts'

export function createSignerSource(login: LoginActorRef, remote: RemoteSignerSlot): () => Signer {
  const extension = lazySigner('nip07', () =>
    import('./signers/nip07.ts').then(({ nip07Signer }) => nip07Signer()),
  )
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
      if (local?.key !== key) {
        const held = key
        local = {
          key,
          signer: lazySigner('nsec', () =>
            import('./signers/local-key.ts').then(({ localKeySigner }) => localKeySigner(held)),
          ),
        }
      }
      return local.signer
    }
    if (keyLocked(snapshot)) return lockedSigner(pubkey ?? undefined)
    return noSigner(pubkey ?? undefined)
  }
}
