/**
 * Looks for a secret key everywhere a page could leave it: localStorage, sessionStorage, every
 * IndexedDB database and store, the Cache Storage (request URLs and text bodies), the URL, and
 * the console messages (and, with watchRequests, the requested URLs and WebSocket frames sent)
 * seen so far. The key is sought in every encoding it could take: hex (either case), nsec bech32,
 * base64 and base64url of its bytes, and the bytes written out as a JSON array or as a
 * typed-array dump. `keptClientKey` gives the NIP-46 client key of a kept remote session, to
 * look for it the same way.
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import type { Page } from '@playwright/test'
import { nsecEncode } from 'nostr-tools/nip19'

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

/** Everything the page holds, as text (binary values as hex). */
async function pageStorage(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [location.href]
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i) ?? ''
        out.push(key, store.getItem(key) ?? '')
      }
    }
    const hex = (buffer: ArrayBuffer | ArrayBufferView) => {
      const view =
        buffer instanceof ArrayBuffer
          ? new Uint8Array(buffer)
          : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
      return [...view].map((b) => b.toString(16).padStart(2, '0')).join('')
    }
    const flatten = (value: unknown): string => {
      if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return hex(value)
      if (value instanceof Blob) return `[blob ${value.size}]`
      if (typeof value === 'object' && value !== null) {
        return Object.entries(value)
          .map(([k, v]) => `${k}:${flatten(v)}`)
          .join(' ')
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
        out.push(`${name}/${storeName}`, ...keys.map(String), ...values.map(flatten))
      }
      db.close()
    }
    if ('caches' in globalThis) {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const request of await cache.keys()) {
          out.push(request.url)
          const response = await cache.match(request)
          const type = response?.headers.get('content-type') ?? ''
          if (response && /json|text|javascript/.test(type)) out.push(await response.text())
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

/** Collects console output from the moment it is called. */
export function watchConsole(page: Page): string[] {
  const lines: string[] = []
  page.on('console', (message) => lines.push(message.text()))
  page.on('pageerror', (error) => lines.push(String(error)))
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

/** The places where any encoding of the secret was found (empty when none). */
export async function findSecret(
  page: Page,
  secretHex: string,
  consoleLines: string[],
): Promise<string[]> {
  const haystacks = [...(await pageStorage(page)), ...consoleLines]
  const needles = secretEncodings(secretHex)
  const found: string[] = []
  for (const text of haystacks) {
    for (const needle of needles) {
      if (text.includes(needle)) found.push(`${needle.slice(0, 12)}… in ${text.slice(0, 80)}`)
    }
  }
  return found
}
