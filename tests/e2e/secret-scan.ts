/**
 * Looks for a secret everywhere a page could leave it: localStorage, sessionStorage, every
 * IndexedDB database and store (keys and values, nested objects, Maps and Sets), the Cache Storage
 * (every request URL and every response body, whatever its type), the URL, and the console
 * messages and URLs visited (watchPage; with watchRequests, the requested URLs and WebSocket
 * frames sent) seen so far. Binary values (ArrayBuffers, typed arrays, Blobs, cached bodies) are
 * read both as hex and as UTF-8 text, so the bytes of a key, and the UTF-8 bytes of its hex or of
 * a passphrase, are found alike.
 *
 * Two kinds of secret: a 32-byte key as hex (a nsec, an NWC secret, the NIP-46 client key),
 * sought as hex (either case), nsec bech32, base64 and base64url of its bytes, and the bytes as a
 * JSON array or a typed-array dump; and a text secret (`{ text }`: a NIP-49 passphrase, recovery
 * words, a NIP-46 bunker secret), sought as itself, URL-encoded, as base64 and hex of its UTF-8
 * bytes, and, for words, as a JSON array of them. `keptClientKey` gives the NIP-46 client key of a
 * kept remote session, to look for it the same way.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import type { Page } from '@playwright/test'
import { nsecEncode } from 'nostr-tools/nip19'
import { SAVE_EVERY_MS } from '../../src/actors/app/cache-restore.effects.ts'

/** A key as hex, or a text secret. */
export type Sought = string | { text: string }

export function secretEncodings(secretHex: string): string[] {
  const bytes = hexToBytes(secretHex)
  const base64 = Buffer.from(bytes).toString('base64')
  const base64url = Buffer.from(bytes).toString('base64url')
  return [
    secretHex.toLowerCase(),
    secretHex.toUpperCase(),
    nsecEncode(bytes),
    base64.replace(/=+$/, ''),
    base64url,
    JSON.stringify([...bytes]),
    [...bytes].join(','),
  ]
}

export function textEncodings(text: string): string[] {
  const bytes = new TextEncoder().encode(text)
  const words = text.split(/\s+/).filter(Boolean)
  return [
    text,
    encodeURIComponent(text),
    Buffer.from(bytes).toString('base64').replace(/=+$/, ''),
    Buffer.from(bytes).toString('base64url'),
    bytesToHex(bytes),
    ...(words.length > 1 ? [JSON.stringify(words)] : []),
  ]
}

const encodings = (sought: Sought): string[] =>
  typeof sought === 'string' ? secretEncodings(sought) : textEncodings(sought.text)

/** Everything the page holds, as text (binary values as hex and as UTF-8 text). */
async function pageStorage(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [location.href]
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i) ?? ''
        out.push(key, store.getItem(key) ?? '')
      }
    }
    const utf8 = new TextDecoder('utf-8', { fatal: false })
    const bytesOf = (buffer: ArrayBuffer | ArrayBufferView) =>
      buffer instanceof ArrayBuffer
        ? new Uint8Array(buffer)
        : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    const binary = (bytes: Uint8Array) =>
      `${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')} ${utf8.decode(bytes)}`
    const flatten = async (value: unknown): Promise<string> => {
      if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return binary(bytesOf(value))
      if (value instanceof Blob) return binary(new Uint8Array(await value.arrayBuffer()))
      if (value instanceof Map || value instanceof Set || Array.isArray(value)) {
        const parts = await Promise.all(
          [...(value instanceof Map ? value.entries() : value.values())].map(flatten),
        )
        return parts.join(' ')
      }
      if (typeof value === 'object' && value !== null) {
        const parts = await Promise.all(
          Object.entries(value).map(async ([k, v]) => `${k}:${await flatten(v)}`),
        )
        return parts.join(' ')
      }
      return String(value)
    }
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      for (const storeName of [...db.objectStoreNames]) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName).objectStore(storeName).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
          const request = db.transaction(storeName).objectStore(storeName).getAllKeys()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        out.push(`${name}/${storeName}`)
        for (const item of [...keys, ...values]) out.push(await flatten(item))
      }
      db.close()
    }
    if ('caches' in globalThis) {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const request of await cache.keys()) {
          out.push(request.url)
          const response = await cache.match(request)
          // Every body, whatever it says it is (an opaque response has none to read), as text;
          // as hex too up to 1 MiB (the app's own precached code is larger, and is not data).
          if (response && response.type !== 'opaque') {
            const bytes = new Uint8Array(await response.arrayBuffer())
            out.push(bytes.length <= 1 << 20 ? binary(bytes) : utf8.decode(bytes))
          }
        }
      }
    }
    return out
  })
}

/**
 * The NIP-46 client key of the kept remote session, as hex; null when none is kept. Read as a
 * script of the page could: opened with the page's own non-extractable key (format of
 * src/actors/identity/remote-session-store.ts: the client key is the first 32 bytes).
 */
export async function keptClientKey(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
      const request = indexedDB.open('plume-remote-signer')
      request.onupgradeneeded = () => request.transaction?.abort() // none: do not create it
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => (request.error?.name === 'AbortError' ? resolve(null) : reject())
    })
    if (!db) return null
    const entry = await new Promise<unknown>((resolve, reject) => {
      if (!db.objectStoreNames.contains('session')) return resolve(null)
      const request = db.transaction('session').objectStore('session').get('session')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    db.close()
    if (!entry) return null
    const { key, iv, ciphertext } = entry as {
      key: CryptoKey
      iv: Uint8Array
      ciphertext: Uint8Array
    }
    const plaintext = new Uint8Array(
      await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: Uint8Array.from(iv),
          additionalData: new TextEncoder().encode('plume/nip46-session/v1'),
        },
        key,
        Uint8Array.from(ciphertext),
      ),
    )
    return [...plaintext.subarray(0, 32)].map((b) => b.toString(16).padStart(2, '0')).join('')
  })
}

/** Collects console output, page errors and every URL the page visits, from now on. */
export function watchPage(page: Page): string[] {
  const lines: string[] = []
  page.on('console', (message) => lines.push(message.text()))
  page.on('pageerror', (error) => lines.push(String(error)))
  page.on('framenavigated', (frame) => lines.push(frame.url()))
  return lines
}

/** Collects the URLs the page requests and the WebSocket frames it sends, from now on. */
export function watchRequests(page: Page): string[] {
  const lines: string[] = []
  page.on('request', (request) => lines.push(request.url()))
  page.on('websocket', (socket) => {
    lines.push(socket.url())
    socket.on('framesent', ({ payload }) => lines.push(String(payload)))
  })
  return lines
}

/**
 * Waits out the stored query cache's next save: it is written some time after a change (at most
 * SAVE_EVERY_MS), so a scan right after a flow would read the record from before it.
 */
export const cacheSaved = (page: Page) => page.waitForTimeout(SAVE_EVERY_MS + 1000)

/** The places where any encoding of the secret was found (empty when none). */
export async function findSecret(page: Page, secret: Sought, lines: string[]): Promise<string[]> {
  const haystacks = [...(await pageStorage(page)), ...lines]
  const needles = encodings(secret)
  const found: string[] = []
  for (const text of haystacks) {
    for (const needle of needles) {
      const at = text.indexOf(needle)
      if (at >= 0)
        found.push(`${needle.slice(0, 12)}… in ${text.slice(Math.max(0, at - 40), at + 40)}`)
    }
  }
  return found
}
