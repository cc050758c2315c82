import { npubEncode } from 'nostr-tools/nip19'

/** Encodings kept; a feed's few hundred authors fit, and the oldest go first past it. */
const MAX_KEPT = 1000
const kept = new Map<string, string>()

/**
 * A public key's npub, encoded once: every card shows its author's (the name until the profile
 * comes, the profile link) at each render, and bech32 in JavaScript costs a phone some 0.1 ms to
 * 0.5 ms a time, a feed's rows over again as pages load.
 */
export function npubOf(pubkey: string): string {
  let npub = kept.get(pubkey)
  if (npub === undefined) {
    npub = npubEncode(pubkey)
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value ?? '')
    kept.set(pubkey, npub)
  }
  return npub
}
