/**
 * Public keys for P2PK locks (NUT-11, nutzaps): a Nostr key is 32 bytes (64 hex, x-only); a
 * lock needs the 33-byte compressed form, so it gets the 02 prefix. Anything else is refused.
 */
export const P2PK_ERRORS = { invalid: 'Invalid pubkey' } as const

export function lockPubkey(key: string): string {
  const hex = key.trim().toLowerCase()
  const full = hex.length === 64 ? `02${hex}` : hex
  if (full.length !== 66 || !/^0[23][0-9a-f]{64}$/.test(full)) throw new Error(P2PK_ERRORS.invalid)
  return full
}
