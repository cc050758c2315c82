// IndexedDB for Node, as the browser has it: values stored as structured clones, CryptoKey too.
import 'fake-indexeddb/auto'
import { bytesToHex } from '@noble/hashes/utils.js'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { afterEach, describe, expect, it } from 'vitest'
import { REMOTE_SESSION_DATABASE } from '../../../../src/actors/identity/remote-session-database.ts'
import {
  createRemoteSessionStore,
  REMOTE_SESSION_UNREADABLE,
  RemoteSessionUnreadable,
} from '../../../../src/actors/identity/remote-session-store.ts'
import { idbStore } from '../../../../src/actors/platform/idb-store.ts'
import type { KeptRemoteSession } from '../../../../src/core/identity/remote-session.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'

const clientBytes = generateSecretKey()
const CONNECT_SECRET = 'open sesame 7f3a'
const kept = (): KeptRemoteSession => ({
  clientKey: new Secret(Uint8Array.from(clientBytes)),
  remotePubkey: getPublicKey(generateSecretKey()),
  userPubkey: getPublicKey(generateSecretKey()),
  relays: ['wss://bunker.example'],
  secret: new Secret(CONNECT_SECRET),
})

/** The database as the page would read it, under the store's back. */
const raw = idbStore(REMOTE_SESSION_DATABASE, 'session')
const rawEntry = () => raw.get('session') as Promise<Record<string, unknown> | null>

/** Every byte and string of a stored value, as text: hex for bytes. */
function flatten(value: unknown): string {
  if (ArrayBuffer.isView(value)) {
    return bytesToHex(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([k, v]) => `${k}:${flatten(v)}`)
      .join(' ')
  }
  return String(value)
}

const store = createRemoteSessionStore()
afterEach(() => store.forget())

describe('the kept NIP-46 session in IndexedDB', () => {
  it('seals and opens it again: every field comes back', async () => {
    const session = kept()
    await store.save(session)
    const back = await store.load()
    expect(back && bytesToHex(back.clientKey.reveal())).toBe(bytesToHex(clientBytes))
    expect(back?.secret?.reveal()).toBe(CONNECT_SECRET)
    expect(back && { ...back, clientKey: 0, secret: 0 }).toEqual({
      ...session,
      clientKey: 0,
      secret: 0,
    })
  })

  it('stores only the ciphertext and a non-extractable AES-GCM key', async () => {
    const session = kept()
    await store.save(session)
    const entry = await rawEntry()
    expect(Object.keys(entry ?? {}).sort()).toEqual(['ciphertext', 'format', 'iv', 'key'])
    const key = entry?.key as CryptoKey
    expect(key).toBeInstanceOf(CryptoKey)
    expect(key.extractable).toBe(false)
    expect(key.algorithm).toEqual({ name: 'AES-GCM', length: 256 })
    expect([...key.usages].sort()).toEqual(['decrypt', 'encrypt'])
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('jwk', key)).rejects.toThrow()
    // Nothing of the session in the clear, not even the pubkeys.
    const text = flatten(entry)
    for (const clear of [
      bytesToHex(clientBytes),
      CONNECT_SECRET,
      bytesToHex(new TextEncoder().encode(CONNECT_SECRET)),
      session.userPubkey,
      session.remotePubkey,
      'bunker.example',
    ]) {
      expect(text).not.toContain(clear)
    }
  })

  it('a new save replaces the old one under a fresh key and iv', async () => {
    await store.save(kept())
    const first = await rawEntry()
    const second = kept()
    await store.save(second)
    const entry = await rawEntry()
    expect(flatten(entry?.iv)).not.toBe(flatten(first?.iv))
    expect((await store.load())?.userPubkey).toBe(second.userPubkey)
    // The first key cannot open the second record.
    await raw.set('session', { ...entry, key: first?.key })
    await expect(store.load()).rejects.toBeInstanceOf(RemoteSessionUnreadable)
  })

  it('forget removes the record and its key', async () => {
    await store.save(kept())
    await store.forget()
    expect(await rawEntry()).toBeNull()
    expect(await store.load()).toBeNull()
  })

  it('nothing kept is null; a damaged record is unreadable, with the text the user sees', async () => {
    expect(await store.load()).toBeNull()
    await store.save(kept())
    const entry = await rawEntry()
    const ciphertext = Uint8Array.from(entry?.ciphertext as Uint8Array)
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1
    await raw.set('session', { ...entry, ciphertext })
    await expect(store.load()).rejects.toThrow(REMOTE_SESSION_UNREADABLE)
    await raw.set('session', { ...entry, format: 2 })
    await expect(store.load()).rejects.toBeInstanceOf(RemoteSessionUnreadable)
    await raw.set('session', { ...entry, key: 'not a key' })
    await expect(store.load()).rejects.toBeInstanceOf(RemoteSessionUnreadable)
    await raw.set('session', 'garbage')
    await expect(store.load()).rejects.toBeInstanceOf(RemoteSessionUnreadable)
    expect(REMOTE_SESSION_UNREADABLE).toBe('its record on this device could not be read')
  })

  it('the session handed to save stays whole (the caller wipes its own key)', async () => {
    const session = kept()
    await store.save(session)
    expect(bytesToHex(session.clientKey.reveal())).toBe(bytesToHex(clientBytes))
  })
})
