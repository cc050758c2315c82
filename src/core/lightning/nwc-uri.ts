/**
 * The remote wallet's pairing code (NIP-47, spec §3): `nostr+walletconnect://{wallet pubkey}?
 * relay={url}&relay={url}&secret={hex}&lud16={address}`. The secret is the key this client signs
 * and encrypts its requests with; it travels as a `Secret` so no log or snapshot can show it.
 */

import { Secret } from '../platform/secret.ts'
import { normalizeRelayUrl } from '../relays/relay-url.ts'

export const PAIRING_SCHEMES = ['nostr+walletconnect://', 'nostrwalletconnect://'] as const

// Texts (spec §5 'Incomplete initialization parameters'; the others are ours, the spec is silent).
export const INCOMPLETE_PARAMETERS = 'Incomplete initialization parameters'
export const PAIRING_CODE_REQUIRED = 'Enter a wallet connection string'
export const PAIRING_CODE_SCHEME =
  'Invalid wallet connection string: it must start with nostr+walletconnect://'
export const PAIRING_CODE_PUBKEY =
  'Invalid wallet connection string: the wallet pubkey must be 64 hex characters'
export const PAIRING_CODE_SECRET =
  'Invalid wallet connection string: the secret must be 64 hex characters'
export const PAIRING_CODE_RELAY = 'Invalid wallet connection string: a relay URL is not valid'

export class PairingCodeError extends Error {
  override name = 'PairingCodeError'
}

export interface PairingCode {
  walletPubkey: string
  relays: string[]
  secret: Secret<string>
  lud16: string | null
}

const HEX64 = /^[0-9a-f]{64}$/i

/** Either a pairing code, or its three parts given separately (spec §5). */
export function pairingFromParts(parts: {
  pubkey?: string
  relays?: readonly string[]
  secret?: Secret<string>
}): PairingCode {
  const { pubkey, relays, secret } = parts
  if (!pubkey || !relays?.length || !secret || secret.reveal() === '') {
    throw new PairingCodeError(INCOMPLETE_PARAMETERS)
  }
  if (!HEX64.test(pubkey)) throw new PairingCodeError(PAIRING_CODE_PUBKEY)
  if (!HEX64.test(secret.reveal())) throw new PairingCodeError(PAIRING_CODE_SECRET)
  const normal = relays.map((relay) => normalizeRelayUrl(relay))
  if (normal.some((relay) => relay === null)) throw new PairingCodeError(PAIRING_CODE_RELAY)
  return {
    walletPubkey: pubkey.toLowerCase(),
    relays: [...new Set(normal as string[])],
    secret: new Secret(secret.reveal().toLowerCase()),
    lud16: null,
  }
}

/** Parses a pairing string; throws PairingCodeError with the text to show. */
export function parsePairingCode(input: string): PairingCode {
  const text = input.trim()
  if (text === '') throw new PairingCodeError(PAIRING_CODE_REQUIRED)
  const scheme = PAIRING_SCHEMES.find((s) => text.toLowerCase().startsWith(s))
  if (!scheme) throw new PairingCodeError(PAIRING_CODE_SCHEME)
  const rest = text.slice(scheme.length)
  const at = rest.indexOf('?')
  const pubkey = at === -1 ? rest : rest.slice(0, at)
  const query = new URLSearchParams(at === -1 ? '' : rest.slice(at + 1))
  const secret = query.get('secret') ?? undefined
  const code = pairingFromParts({
    pubkey: pubkey.replace(/\/+$/, ''),
    relays: query.getAll('relay'),
    secret: secret === undefined ? undefined : new Secret(secret),
  })
  const lud16 = query.get('lud16')
  return { ...code, lud16: lud16 && lud16.trim() !== '' ? lud16.trim() : null }
}
