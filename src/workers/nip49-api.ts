/**
 * The NIP-49 worker's API, separate from its entry point so tests can expose it on any port.
 * Secrets cross the boundary as plain values (structured clone cannot carry a Secret's private
 * field); outcomes come back as values too, since Comlink rebuilds thrown errors as bare Errors and
 * the caller needs the problem, not a message to match.
 */
import {
  decryptNcryptsec,
  encryptNcryptsec,
  type NcryptsecOptions,
} from '../core/identity/nip49.ts'
import { Nip49Error, type Nip49Problem } from '../core/identity/nip49-error.ts'
import { Secret } from '../core/platform/secret.ts'

export type Nip49Result<T> = { ok: true; value: T } | { ok: false; problem: Nip49Problem }

export interface Nip49Api {
  /** The 32 secret-key bytes in an ncryptsec. */
  decrypt(ncryptsec: string, passphrase: string): Promise<Nip49Result<Uint8Array>>
  /** An ncryptsec of the secret key (log_n 16 and key security 0x02 unless told). */
  encrypt(
    secret: Uint8Array,
    passphrase: string,
    options?: NcryptsecOptions,
  ): Promise<Nip49Result<string>>
}

function attempt<T>(run: () => T, otherwise: Nip49Problem): Nip49Result<T> {
  try {
    return { ok: true, value: run() }
  } catch (error) {
    return { ok: false, problem: error instanceof Nip49Error ? error.problem : otherwise }
  }
}

export function createNip49Api(): Nip49Api {
  return {
    async decrypt(ncryptsec, passphrase) {
      return attempt(
        () => decryptNcryptsec(ncryptsec, new Secret(passphrase)).reveal(),
        'malformed',
      )
    },
    async encrypt(secret, passphrase, options) {
      return attempt(
        () => encryptNcryptsec(new Secret(secret), new Secret(passphrase), options),
        'export-failed',
      )
    },
  }
}
