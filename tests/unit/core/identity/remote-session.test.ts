import { bytesToHex } from '@noble/hashes/utils.js'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  decodeRemoteSession,
  encodeRemoteSession,
  type KeptRemoteSession,
} from '../../../../src/core/identity/remote-session.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'

const clientBytes = generateSecretKey()
const session = (fields: Partial<KeptRemoteSession> = {}): KeptRemoteSession => ({
  clientKey: new Secret(Uint8Array.from(clientBytes)),
  remotePubkey: getPublicKey(generateSecretKey()),
  userPubkey: getPublicKey(generateSecretKey()),
  relays: ['wss://bunker.example', 'ws://127.0.0.1:7000'],
  secret: new Secret('open sesame'),
  ...fields,
})

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(32))

describe('the kept NIP-46 session as bytes', () => {
  it('round-trips every field; the client key is the first 32 bytes, never text', () => {
    const kept = session()
    const bytes = encodeRemoteSession(kept)
    expect(bytesToHex(bytes.subarray(0, 32))).toBe(bytesToHex(clientBytes))
    expect(text(bytes)).not.toContain(bytesToHex(clientBytes))
    const back = decodeRemoteSession(bytes)
    expect(back).not.toBeNull()
    expect(bytesToHex(back?.clientKey.reveal() ?? new Uint8Array())).toBe(bytesToHex(clientBytes))
    expect(back?.secret?.reveal()).toBe('open sesame')
    expect({ ...back, clientKey: null, secret: null }).toEqual({
      ...kept,
      clientKey: null,
      secret: null,
    })
  })

  it('keeps a session without a connect secret (nostrconnect://)', () => {
    expect(decodeRemoteSession(encodeRemoteSession(session({ secret: null })))?.secret).toBeNull()
  })

  it('the decoded key is a copy: wiping the bytes leaves it whole', () => {
    const bytes = encodeRemoteSession(session())
    const back = decodeRemoteSession(bytes)
    bytes.fill(0)
    expect(bytesToHex(back?.clientKey.reveal() ?? new Uint8Array())).toBe(bytesToHex(clientBytes))
  })

  it('reads nothing that is not a session', () => {
    const good = encodeRemoteSession(session())
    const withRest = (rest: unknown) => {
      const json = new TextEncoder().encode(JSON.stringify(rest))
      const bytes = new Uint8Array(32 + json.length)
      bytes.set(good.subarray(0, 32))
      bytes.set(json, 32)
      return bytes
    }
    const fields = JSON.parse(text(good)) as Record<string, unknown>
    expect(decodeRemoteSession(good.subarray(0, 32))).toBeNull()
    expect(decodeRemoteSession(new Uint8Array(64).fill(0xff))).toBeNull()
    expect(decodeRemoteSession(withRest(null))).toBeNull()
    expect(decodeRemoteSession(withRest({ ...fields, remotePubkey: 'npub1x' }))).toBeNull()
    expect(decodeRemoteSession(withRest({ ...fields, userPubkey: undefined }))).toBeNull()
    expect(decodeRemoteSession(withRest({ ...fields, relays: [] }))).toBeNull()
    expect(decodeRemoteSession(withRest({ ...fields, relays: [7] }))).toBeNull()
    expect(decodeRemoteSession(withRest({ ...fields, secret: 42 }))).toBeNull()
    expect(decodeRemoteSession(withRest(fields))).not.toBeNull()
  })

  it('refuses a client key that is not 32 bytes', () => {
    expect(() =>
      encodeRemoteSession(session({ clientKey: new Secret(new Uint8Array(31)) })),
    ).toThrow('A client key is 32 bytes')
  })
})
