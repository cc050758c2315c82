/**
 * The NIP-46 session kept on the device so a remote login survives a reload: one entry in its own
 * IndexedDB database, holding the session sealed with AES-GCM and the WebCrypto key that seals
 * it. The key is generated non-extractable: the page can use it but no script can read its bytes,
 * and IndexedDB keeps it as a CryptoKey object (structured clone), never as bytes. Nothing of it
 * goes to localStorage or sessionStorage.
 */
import {
  decodeRemoteSession,
  encodeRemoteSession,
  type KeptRemoteSession,
} from '../../core/identity/remote-session.ts'
import { idbStore, type KeyValueStore } from '../platform/idb-store.ts'
import { REMOTE_SESSION_DATABASE } from './remote-session-database.ts'

const STORE_NAME = 'session'
const ENTRY = 'session'
const FORMAT = 1
const IV_BYTES = 12
/** Bound to the ciphertext: a sealed record of another kind or format does not open as this one. */
const ASSOCIATED_DATA = new TextEncoder().encode('plume/nip46-session/v1')

export const REMOTE_SESSION_UNREADABLE = 'its record on this device could not be read'

/** The kept record is there but does not open: damaged, or its key is gone. */
export class RemoteSessionUnreadable extends Error {
  override readonly name = 'RemoteSessionUnreadable'
  constructor() {
    super(REMOTE_SESSION_UNREADABLE)
  }
}

/** What IndexedDB holds: the sealed session and its key, nothing else. */
interface SealedSession {
  format: typeof FORMAT
  key: CryptoKey
  iv: Uint8Array
  ciphertext: Uint8Array
}

export interface RemoteSessionStore {
  /** Seals and keeps the session, replacing any kept before, under a fresh key. */
  save(session: KeptRemoteSession): Promise<void>
  /** The kept session, or null when none is; rejects with RemoteSessionUnreadable. */
  load(): Promise<KeptRemoteSession | null>
  /** Removes the sealed session and its key. */
  forget(): Promise<void>
}

export interface RemoteSessionStoreOptions {
  /** Where the entry lives; by default its own IndexedDB database. */
  store?: KeyValueStore
  /** WebCrypto; the page's by default. */
  crypto?: Crypto
}

/** A copy on a plain ArrayBuffer, as WebCrypto's BufferSource wants. */
const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => Uint8Array.from(bytes)

function isSealed(value: unknown): value is SealedSession {
  if (typeof value !== 'object' || value === null) return false
  const { format, key, iv, ciphertext } = value as Record<string, unknown>
  return (
    format === FORMAT &&
    typeof CryptoKey !== 'undefined' &&
    key instanceof CryptoKey &&
    iv instanceof Uint8Array &&
    iv.length === IV_BYTES &&
    ciphertext instanceof Uint8Array
  )
}

export function createRemoteSessionStore(
  options: RemoteSessionStoreOptions = {},
): RemoteSessionStore {
  const store = options.store ?? idbStore(REMOTE_SESSION_DATABASE, STORE_NAME)
  const webCrypto = () => options.crypto ?? globalThis.crypto

  return {
    async save(session) {
      const { subtle } = webCrypto()
      const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
        'encrypt',
        'decrypt',
      ])
      const iv = webCrypto().getRandomValues(new Uint8Array(IV_BYTES))
      const plaintext = own(encodeRemoteSession(session))
      try {
        const sealed = await subtle.encrypt(
          { name: 'AES-GCM', iv, additionalData: ASSOCIATED_DATA },
          key,
          plaintext,
        )
        const entry: SealedSession = {
          format: FORMAT,
          key,
          iv,
          ciphertext: new Uint8Array(sealed),
        }
        await store.set(ENTRY, entry)
      } finally {
        plaintext.fill(0)
      }
    },

    async load() {
      const entry = await store.get(ENTRY)
      if (entry === null) return null
      if (!isSealed(entry)) throw new RemoteSessionUnreadable()
      let plaintext: Uint8Array
      try {
        plaintext = new Uint8Array(
          await webCrypto().subtle.decrypt(
            { name: 'AES-GCM', iv: own(entry.iv), additionalData: ASSOCIATED_DATA },
            entry.key,
            own(entry.ciphertext),
          ),
        )
      } catch {
        throw new RemoteSessionUnreadable()
      }
      try {
        const session = decodeRemoteSession(plaintext)
        if (!session) throw new RemoteSessionUnreadable()
        return session
      } finally {
        plaintext.fill(0)
      }
    },

    forget: () => store.remove(ENTRY),
  }
}
