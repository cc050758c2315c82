/**
 * What reconnecting to a NIP-46 remote signer after a reload needs. NIP-46: the signer knows this
 * app by its client keypair, so the same client key talks to it again without a new `connect`
 * (the connect secret is good for one connection; it is kept only to offer it once more to a
 * signer that lost the session). The record is written as bytes so that the client key never
 * becomes a string: its 32 bytes, then the rest as UTF-8 JSON.
 */
import { Secret } from '../platform/secret.ts'

export interface KeptRemoteSession {
  /** The client key this app signs its NIP-46 requests with. */
  clientKey: Secret<Uint8Array>
  /** The remote signer's key (not necessarily the user's). */
  remotePubkey: string
  /** Who the signer signs for. */
  userPubkey: string
  /** Where the signer listens, normalized. */
  relays: string[]
  /** The bunker link's connect secret; null for a nostrconnect:// session or a link without one. */
  secret: Secret<string> | null
}

const CLIENT_KEY_BYTES = 32
const HEX_KEY = /^[0-9a-f]{64}$/

/** The session as bytes; the caller wipes them once they are sealed. */
export function encodeRemoteSession(session: KeptRemoteSession): Uint8Array {
  const key = session.clientKey.reveal()
  if (key.length !== CLIENT_KEY_BYTES) throw new TypeError('A client key is 32 bytes')
  const rest = new TextEncoder().encode(
    JSON.stringify({
      remotePubkey: session.remotePubkey,
      userPubkey: session.userPubkey,
      relays: session.relays,
      secret: session.secret?.reveal() ?? null,
    }),
  )
  const bytes = new Uint8Array(CLIENT_KEY_BYTES + rest.length)
  bytes.set(key)
  bytes.set(rest, CLIENT_KEY_BYTES)
  rest.fill(0)
  return bytes
}

/** The session these bytes hold, or null when they are not one. */
export function decodeRemoteSession(bytes: Uint8Array): KeptRemoteSession | null {
  if (bytes.length <= CLIENT_KEY_BYTES) return null
  let fields: unknown
  try {
    fields = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(CLIENT_KEY_BYTES)),
    )
  } catch {
    return null
  }
  if (typeof fields !== 'object' || fields === null) return null
  const { remotePubkey, userPubkey, relays, secret } = fields as Record<string, unknown>
  const valid =
    typeof remotePubkey === 'string' &&
    HEX_KEY.test(remotePubkey) &&
    typeof userPubkey === 'string' &&
    HEX_KEY.test(userPubkey) &&
    Array.isArray(relays) &&
    relays.length > 0 &&
    relays.every((relay) => typeof relay === 'string') &&
    (secret === null || typeof secret === 'string')
  if (!valid) return null
  return {
    clientKey: new Secret(bytes.slice(0, CLIENT_KEY_BYTES)),
    remotePubkey,
    userPubkey,
    relays: relays as string[],
    secret: secret === null ? null : new Secret(secret),
  }
}
