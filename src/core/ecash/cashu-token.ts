/**
 * Cashu tokens (NUT-00): text in, a single-mint token out. The URI prefixes cashu:, cashu://
 * and web+cashu:// are stripped (any letter case, as QR scanners upper-case them), then
 * cashu-ts decodes V4 (cashuB, CBOR) and V3 (cashuA, JSON, one entry only). Encoding is V4.
 * DLEQ proofs (NUT-12) let a receiver check offline that the mint really signed each proof.
 */
import { getDecodedToken, getEncodedToken, type Token } from '@cashu/cashu-ts'
import { type DleqKeyset, type DleqProof, dleqChecker } from './cashu-dleq.ts'

export const TOKEN_ERRORS = {
  version: 'Token version is not supported',
  multiEntry: 'Multi entry token are not supported',
  invalidDleq: 'Token contains proofs with invalid DLEQ',
} as const

const URI_PREFIXES = ['web+cashu://', 'cashu://', 'cashu:']

/** The token text without surrounding space and URI scheme. */
export function stripTokenPrefix(text: string): string {
  const trimmed = text.trim()
  const lower = trimmed.toLowerCase()
  const prefix = URI_PREFIXES.find((p) => lower.startsWith(p))
  return prefix ? trimmed.slice(prefix.length).trim() : trimmed
}

/**
 * Decodes a token. `keysetIds` are the mint's known ids, which resolve the short ids of
 * version 01 keysets inside V4 tokens. Errors carry the spec's messages.
 */
export function decodeToken(text: string, keysetIds: readonly string[]): Token {
  const body = stripTokenPrefix(text)
  if (!/^cashu[AB]/.test(body)) throw new Error(TOKEN_ERRORS.version)
  return getDecodedToken(body, keysetIds)
}

/** A V4 (cashuB) token; `removeDleq` drops the DLEQ proofs to make it shorter. */
export function encodeToken(token: Token, options: { removeDleq?: boolean } = {}): string {
  return getEncodedToken(token, options)
}

/**
 * Throws 'Token contains proofs with invalid DLEQ' when a proof's DLEQ does not verify against
 * its keyset's key. With `require`, a proof without a DLEQ counts as invalid too.
 */
export function checkTokenDleq(
  proofs: readonly DleqProof[],
  keysetOf: (id: string) => DleqKeyset | undefined,
  options: { require: boolean },
): void {
  const holds = dleqChecker()
  for (const proof of proofs) {
    if (!holds(proof, keysetOf(proof.id), options.require))
      throw new Error(TOKEN_ERRORS.invalidDleq)
  }
}
