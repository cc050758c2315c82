/**
 * Mint keysets (NUT-01, NUT-02): keys must be compressed points, an id must be the hash of its
 * keys (version 00, or 01 which also covers unit, fee and expiry), and a wallet signs new
 * outputs with an active keyset of its unit, the cheapest in input fees.
 */
import { Keyset, type MintKeys, pointFromHex } from '@cashu/cashu-ts'

export const KEYSET_ERRORS = {
  unverified: (id: string) => `Couldn't verify keyset ID ${id}`,
  invalidKey: (amount: string) => `Invalid public key for amount ${amount}`,
  noActive: (unit: string) => `No active keyset found for unit: ${unit}`,
} as const

/** The keyset fields this module reads (the mint's /v1/keysets and /v1/keys entries). */
export interface KeysetMeta {
  id: string
  unit: string
  active: boolean
  input_fee_ppk?: number
  final_expiry?: number
}

/** The id's version byte as text: '00' or '01'; null for legacy base64 ids and anything else. */
export function keysetVersion(id: string): '00' | '01' | null {
  if (/^00[0-9a-f]{14}$/.test(id)) return '00'
  if (/^01[0-9a-f]{64}$/.test(id)) return '01'
  return null
}

/** NUT-01: every key is a 33-byte compressed point (02/03 prefix) on the curve. */
export function checkKeys(keys: Record<string, string>): void {
  for (const [amount, key] of Object.entries(keys)) {
    let valid = /^0[23][0-9a-f]{64}$/.test(key)
    if (valid) {
      try {
        pointFromHex(key)
      } catch {
        valid = false
      }
    }
    if (!valid) throw new Error(KEYSET_ERRORS.invalidKey(amount))
  }
}

/** Throws "Couldn't verify keyset ID {id}" unless the keys are valid and hash to the id. */
export function verifyKeyset(keyset: MintKeys): void {
  try {
    checkKeys(keyset.keys)
  } catch {
    throw new Error(KEYSET_ERRORS.unverified(keyset.id))
  }
  if (keysetVersion(keyset.id) === null || !Keyset.verifyKeysetId(keyset)) {
    throw new Error(KEYSET_ERRORS.unverified(keyset.id))
  }
}

/**
 * The keyset to sign new outputs with: active, of the unit, id version 00 or 01, lowest input
 * fee first; among equal fees the newer id version, then the id, so the choice is stable.
 */
export function chooseKeyset<K extends KeysetMeta>(keysets: readonly K[], unit: string): K {
  const candidates = keysets
    .filter((k) => k.active && k.unit === unit && keysetVersion(k.id) !== null)
    .sort(
      (a, b) =>
        (a.input_fee_ppk ?? 0) - (b.input_fee_ppk ?? 0) ||
        b.id.slice(0, 2).localeCompare(a.id.slice(0, 2)) ||
        a.id.localeCompare(b.id),
    )
  const chosen = candidates[0]
  if (!chosen) throw new Error(KEYSET_ERRORS.noActive(unit))
  return chosen
}
