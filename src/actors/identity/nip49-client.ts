/**
 * Client of the NIP-49 worker: passes secrets over as plain values and wraps what comes back in
 * Secret again, so the rest of the app only ever holds Secrets. Failures become Nip49Errors.
 */
import { type Remote, releaseProxy, wrap } from 'comlink'
import type { NcryptsecOptions } from '../../core/identity/nip49.ts'
import { Nip49Error } from '../../core/identity/nip49-error.ts'
import { Secret } from '../../core/platform/secret.ts'
import type { Nip49Api, Nip49Result } from '../../workers/nip49-api.ts'

export interface Nip49Client {
  /** The secret key in an ncryptsec; rejects with a Nip49Error. */
  decrypt(ncryptsec: string, passphrase: Secret<string>): Promise<Secret<Uint8Array>>
  /** An ncryptsec of the secret key; rejects with a Nip49Error. */
  encrypt(
    secret: Secret<Uint8Array>,
    passphrase: Secret<string>,
    options?: NcryptsecOptions,
  ): Promise<string>
  /** Ends the worker. */
  close(): void
}

function unwrap<T>(result: Nip49Result<T>): T {
  if (!result.ok) throw new Nip49Error(result.problem)
  return result.value
}

export function createNip49Client(remote: Remote<Nip49Api>, terminate?: () => void): Nip49Client {
  return {
    async decrypt(ncryptsec, passphrase) {
      return new Secret(unwrap(await remote.decrypt(ncryptsec, passphrase.reveal())))
    },
    async encrypt(secret, passphrase, options) {
      return unwrap(await remote.encrypt(secret.reveal(), passphrase.reveal(), options))
    },
    close() {
      remote[releaseProxy]()
      terminate?.()
    },
  }
}

/** Starts a worker; call it when first needed, since scrypt is rare (import and export only). */
export function startNip49Worker(): Nip49Client {
  const worker = new Worker(new URL('../../workers/nip49.worker.ts', import.meta.url), {
    type: 'module',
  })
  return createNip49Client(wrap<Nip49Api>(worker), () => worker.terminate())
}
