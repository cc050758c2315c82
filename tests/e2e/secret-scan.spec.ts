/**
 * The secret scan (secret-scan.ts) cannot pass by looking in the wrong place: each kind of secret
 * the app holds (a nsec's key, a NIP-49 passphrase, wallet recovery words, a NIP-46 bunker secret,
 * an NWC secret) is planted in each place the scan reads, one at a time, and must be found there;
 * before each plant the page holds none of it.
 */
import { bytesToHex } from '@noble/hashes/utils.js'
import type { Page } from '@playwright/test'
import { generateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { generateSecretKey } from 'nostr-tools/pure'
import { expect, test } from './fixtures.ts'
import { findSecret, type Sought, watchPage } from './secret-scan.ts'

/** Each kind, and the text a leak of it would hold (a key leaks as its hex). */
const kinds: { name: string; sought: Sought; leaked: string }[] = (() => {
  const nsecKey = bytesToHex(generateSecretKey())
  const nwcSecret = bytesToHex(generateSecretKey())
  const passphrase = 'planted passphrase 7f3a'
  const words = generateMnemonic(wordlist)
  const bunker = 'bunker-secret-5d2c'
  return [
    { name: 'nsec key', sought: nsecKey, leaked: nsecKey },
    { name: 'NIP-49 passphrase', sought: { text: passphrase }, leaked: passphrase },
    { name: 'recovery words', sought: { text: words }, leaked: words },
    { name: 'bunker secret', sought: { text: bunker }, leaked: bunker },
    { name: 'NWC secret', sought: nwcSecret, leaked: nwcSecret },
  ]
})()

type Plant = (page: Page, leaked: string, appUrl: string) => Promise<void>

/** Runs in the page: puts a value in a fresh database. */
const putInDatabase = (
  page: Page,
  leaked: string,
  form: 'string' | 'hex' | 'buffer' | 'bytes' | 'blob',
) =>
  page.evaluate(
    async ({ leaked, form }) => {
      // As hex: a key as its raw bytes (the scan reads bytes as hex), a text as the hex of its
      // UTF-8 bytes.
      const asHex = /^[0-9a-f]{64}$/.test(leaked)
        ? { raw: Uint8Array.from(leaked.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16)) }
        : {
            hex: [...new TextEncoder().encode(leaked)]
              .map((b) => b.toString(16).padStart(2, '0'))
              .join(''),
          }
      const utf8 = new TextEncoder().encode(leaked)
      const value =
        form === 'string'
          ? { note: `left ${leaked}` }
          : form === 'hex'
            ? asHex
            : form === 'buffer'
              ? { data: utf8.buffer }
              : form === 'bytes'
                ? { data: utf8 }
                : { data: new Blob([utf8], { type: 'application/octet-stream' }) }
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('planted')
        request.onupgradeneeded = () => request.result.createObjectStore('things')
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('things', 'readwrite')
        tx.objectStore('things').put(value, 'one')
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error)
      })
      db.close()
    },
    { leaked, form },
  )

/** Every place the scan reads, each with how to leave a secret there. */
const places: { name: string; plant: Plant }[] = [
  {
    name: 'localStorage',
    plant: (page, leaked) => page.evaluate((v) => localStorage.setItem('planted', v), leaked),
  },
  {
    name: 'sessionStorage',
    plant: (page, leaked) => page.evaluate((v) => sessionStorage.setItem('planted', v), leaked),
  },
  { name: 'IndexedDB, a string', plant: (page, leaked) => putInDatabase(page, leaked, 'string') },
  { name: 'IndexedDB, as hex', plant: (page, leaked) => putInDatabase(page, leaked, 'hex') },
  {
    name: 'IndexedDB, UTF-8 bytes in an ArrayBuffer',
    plant: (page, leaked) => putInDatabase(page, leaked, 'buffer'),
  },
  {
    name: 'IndexedDB, UTF-8 bytes in a Uint8Array',
    plant: (page, leaked) => putInDatabase(page, leaked, 'bytes'),
  },
  {
    name: 'IndexedDB, UTF-8 bytes in a Blob',
    plant: (page, leaked) => putInDatabase(page, leaked, 'blob'),
  },
  {
    name: 'Cache Storage, a request URL',
    plant: (page, leaked) =>
      page.evaluate(async (v) => {
        const cache = await caches.open('planted')
        await cache.put(`https://example.com/?s=${encodeURIComponent(v)}`, new Response('ok'))
      }, leaked),
  },
  {
    name: 'Cache Storage, a binary response body',
    plant: (page, leaked) =>
      page.evaluate(async (v) => {
        const cache = await caches.open('planted')
        const body = new TextEncoder().encode(v)
        await cache.put(
          'https://example.com/blob',
          new Response(body, { headers: { 'Content-Type': 'application/octet-stream' } }),
        )
      }, leaked),
  },
  {
    name: 'a URL visited',
    plant: async (page, leaked, appUrl) => {
      await page.goto(`${appUrl}/?planted=${encodeURIComponent(leaked)}`)
      await page.goto(`${appUrl}/`)
    },
  },
  {
    name: 'the console',
    plant: (page, leaked) => page.evaluate((v) => console.info(`debug: ${v}`), leaked),
  },
]

/** Leaves the page as it was before a plant. */
async function clean(page: Page, lines: string[]) {
  lines.length = 0
  await page.evaluate(async () => {
    localStorage.removeItem('planted')
    sessionStorage.removeItem('planted')
    await caches.delete('planted')
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase('planted')
      request.onsuccess = () => resolve()
      request.onerror = () => resolve()
      request.onblocked = () => resolve()
    })
  })
}

test('each kind of secret planted in each place the scan reads is found there', async ({
  page,
  launchRelay,
  openApp,
}) => {
  test.setTimeout(180_000)
  const lines = watchPage(page)
  const server = await openApp([await launchRelay()])
  await expect(page.getByRole('feed')).toBeVisible()
  for (const kind of kinds) {
    for (const place of places) {
      await clean(page, lines)
      expect(await findSecret(page, kind.sought, lines), `${kind.name} before planting`).toEqual([])
      await place.plant(page, kind.leaked, server.url)
      expect(
        await findSecret(page, kind.sought, lines),
        `${kind.name} planted in ${place.name}`,
      ).not.toEqual([])
    }
  }
  await clean(page, lines)
})
