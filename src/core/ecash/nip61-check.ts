/**
 * NIP-61, verifying a nutzap: from a mint the recipient lists, locked to the key of their 10019,
 * every proof with a DLEQ proof valid against the mint's keys. All of it offline.
 */
import { type HasKeysetKeys, normalizeProofAmounts } from '@cashu/cashu-ts'
import { checkTokenDleq } from './cashu-token.ts'
import {
  lockedTo,
  mintKey,
  NUTZAP_ERRORS,
  NUTZAP_UNIT,
  type Nutzap,
  type NutzapInfo,
} from './nip61.ts'

/** Same key up to the parity prefix: a Nostr-style key is x-only, locks add 02. */
const sameKey = (a: string, b: string) => a.slice(-64) === b.slice(-64).toLowerCase()

/**
 * Throws why this nutzap cannot be taken by the owner of `info` (spec: NIP-61 verifying), or
 * returns. `keysetOf` gives the mint's keys by keyset id, for the DLEQ proofs.
 */
export function checkNutzap(
  nutzap: Nutzap,
  info: NutzapInfo,
  keysetOf: (id: string) => HasKeysetKeys | undefined,
): void {
  if (nutzap.unit !== NUTZAP_UNIT) throw new Error(NUTZAP_ERRORS.unit)
  const key = mintKey(nutzap.mint)
  if (!info.mints.some((m) => mintKey(m.url) === key)) throw new Error(NUTZAP_ERRORS.notListed)
  if (nutzap.proofs.length === 0) throw new Error(NUTZAP_ERRORS.noProofs)
  for (const proof of nutzap.proofs) {
    const lock = lockedTo(proof.secret)
    if (!lock || !sameKey(lock, info.pubkey)) throw new Error(NUTZAP_ERRORS.notLocked)
  }
  checkTokenDleq(normalizeProofAmounts(nutzap.proofs), keysetOf, { require: true })
}
