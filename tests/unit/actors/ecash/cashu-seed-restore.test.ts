// Restoring the ecash wallet from its recovery phrase (NUT-13) against the test mint and real
// IndexedDB (fake-indexeddb): batches of 100 outputs, the scan's stop rule (300 empty outputs
// past the last signed one), checkstate keeping only the unspent, counters set past the last
// signed output, and the phrase kept only encrypted to the user.
import 'fake-indexeddb/auto'
import { injectWebSocketImpl } from '@cashu/cashu-ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import type { RestoreProgress } from '../../../../src/actors/ecash/cashu-seed-restore.ts'
import { SEED_RESTORE_ERRORS } from '../../../../src/actors/ecash/cashu-seed-restore.ts'
import { type CashuStore, createCashuStore } from '../../../../src/actors/ecash/cashu-store.ts'
import { startCashuWallet } from '../../../../src/actors/ecash/cashu-wallet.ts'
import { idbStore } from '../../../../src/actors/platform/idb-store.ts'
import { MINT_ERRORS } from '../../../../src/core/ecash/cashu-mint.ts'
import { proofsIn } from '../../../../src/core/ecash/cashu-proof-book.ts'
import { SEED_ERRORS } from '../../../../src/core/ecash/cashu-seed.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'
import { freePort } from '../../../peers/free-port.ts'
import { type MintHandle, startMint } from '../../../peers/mint/server.ts'
import { deposit, freshStore, user } from './cashu-fixtures.ts'

// Node 20 has no global WebSocket; cashu-ts reads it at import time.
injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket)

const lightning = createFakeLightning()
let mint: MintHandle
beforeAll(async () => {
  mint = await startMint({ lightning, name: 'Restore Mint' })
})
afterAll(() => mint.stop())

/** A user with a wallet (seed and mint) in a store of their own; `phrase` is its words. */
async function withWallet() {
  const who = user()
  const store = freshStore('cashu-restore')
  const wallet = startCashuWallet({ ...who, store })
  await wallet.open()
  const phrase = await wallet.createSeed()
  await wallet.addMint(mint.url)
  return { ...who, store, wallet, phrase }
}

/** The same user on a new device: an empty store, a wallet opened with no seed. */
async function newDevice(who: ReturnType<typeof user>) {
  const store = freshStore('cashu-restore-device')
  const wallet = startCashuWallet({ ...who, store })
  await wallet.open()
  return { store, wallet }
}

const keysetOf = async (store: CashuStore, pubkey: string) =>
  Object.keys((await store.read(pubkey)).counters)[0] as string

describe('restore from the recovery phrase', () => {
  it('finds what the lost device held, keeps only the unspent and goes on past its counters', async () => {
    const alice = await withWallet()
    await deposit(alice.wallet, lightning, mint.url, 1000)
    const token = await alice.wallet.send(mint.url, 300)
    const keysetId = await keysetOf(alice.store, alice.pubkey)
    const lostCounter = (await alice.store.read(alice.pubkey)).counters[keysetId] as number

    // Before the token is claimed its proofs are unspent: a device that knows nothing of the
    // send gets them back with the rest (they stay the wallet's until someone claims them).
    const early = await newDevice(alice)
    expect(early.wallet.view().hasSeed).toBe(false)
    const [before] = await early.wallet.restoreFromSeed(alice.phrase, [mint.url])
    expect(before).toMatchObject({ mint: mint.url, amount: 1000, error: null })

    // Once the recipient has it, those proofs are spent: 700 sats come back.
    const bob = user()
    const bobs = startCashuWallet({ ...bob, store: freshStore('cashu-restore-bob') })
    await bobs.open()
    await bobs.createSeed()
    await bobs.receive(token)

    const device = await newDevice(alice)
    const progress: RestoreProgress[] = []
    const results = await device.wallet.restoreFromSeed(
      `  ${alice.phrase.toUpperCase()} `,
      [`${mint.url}/`],
      (p) => progress.push(p),
    )
    expect(results).toEqual([
      {
        mint: mint.url,
        name: 'Restore Mint',
        amount: 700,
        proofs: expect.any(Number),
        spent: expect.any(Number),
        error: null,
      },
    ])
    expect(results[0]?.spent).toBeGreaterThan(0)
    // Every output the lost device made lies in the first batch: three empty ones follow.
    expect(progress.map((p) => p.scanned)).toEqual([100, 200, 300, 400])
    expect(progress.every((p) => p.keyset === 1 && p.keysets === 1)).toBe(true)
    expect(device.wallet.view()).toMatchObject({
      hasSeed: true,
      total: 700,
      mints: [{ url: mint.url, name: 'Restore Mint' }],
    })

    // The counter goes on where the lost device's did: new outputs are accepted by the mint.
    const record = await device.store.read(alice.pubkey)
    expect(record.counters[keysetId]).toBe(lostCounter)
    await device.wallet.send(mint.url, 100)
    expect(device.wallet.view().total).toBe(600)

    // The phrase is kept only as NIP-44 ciphertext to the user; a wallet key is made too.
    const seed = await device.store.seed(alice.pubkey)
    expect(JSON.stringify(seed)).not.toContain(alice.phrase.split(' ').slice(0, 2).join(' '))
    expect(await alice.signer().nip44Decrypt(alice.pubkey, seed?.ciphertext as string)).toBe(
      alice.phrase,
    )
    expect(await device.store.walletKey(alice.pubkey)).not.toBeNull()

    // The same phrase scans again: nothing counted twice, and the token just sent (not yet
    // claimed, so unspent) is not taken back. Another phrase is refused.
    const [again] = await device.wallet.restoreFromSeed(alice.phrase, [mint.url])
    expect(again).toMatchObject({ amount: 0, error: null })
    expect(device.wallet.view().total).toBe(600)
    const other = await withWallet()
    await expect(device.wallet.restoreFromSeed(other.phrase, [mint.url])).rejects.toThrow(
      SEED_RESTORE_ERRORS.otherSeed,
    )
  })

  it('asks in batches of 100 and stops after 300 empty outputs past the last signed one', async () => {
    const carol = await withWallet()
    await deposit(carol.wallet, lightning, mint.url, 100)
    const keysetId = await keysetOf(carol.store, carol.pubkey)
    const jumpTo = async (counter: number) => {
      await carol.store.update(carol.pubkey, (r) => ({
        ...r,
        counters: { ...r.counters, [keysetId]: counter },
      }))
    }
    // Outputs at 150 and on: found (the gap before them is under 300).
    await jumpTo(150)
    await deposit(carol.wallet, lightning, mint.url, 20)
    const lastFound = (await carol.store.read(carol.pubkey)).counters[keysetId] as number
    // Outputs at 520 and on: past 300 empty counters after the last hit, never asked for.
    await jumpTo(520)
    await deposit(carol.wallet, lightning, mint.url, 5)
    expect(carol.wallet.view().total).toBe(125)

    const device = await newDevice(carol)
    const progress: number[] = []
    const [result] = await device.wallet.restoreFromSeed(carol.phrase, [mint.url], (p) =>
      progress.push(p.scanned),
    )
    expect(result).toMatchObject({ amount: 120, spent: 0, error: null })
    // The last hit is in [150, 200): 200..499 empty, so the scan ends after the batch at 400.
    expect(progress).toEqual([100, 200, 300, 400, 500])
    const record = await device.store.read(carol.pubkey)
    expect(record.counters[keysetId]).toBe(lastFound)
    expect(proofsIn(record.book, 'available', mint.url)).toHaveLength(result?.proofs ?? -1)
  })

  it('scans every mint typed, reports one it cannot reach and keeps what the others gave', async () => {
    const dave = await withWallet()
    await deposit(dave.wallet, lightning, mint.url, 64)
    const away = `http://127.0.0.1:${await freePort()}`
    const device = await newDevice(dave)
    const results = await device.wallet.restoreFromSeed(dave.phrase, [away, mint.url, ' '])
    expect(results).toEqual([
      {
        mint: away,
        name: away,
        amount: 0,
        proofs: 0,
        spent: 0,
        error: `${MINT_ERRORS.unableToLoad(away)} (fetch failed)`,
      },
      expect.objectContaining({ mint: mint.url, amount: 64, error: null }),
    ])
    expect(device.wallet.view()).toMatchObject({ hasSeed: true, total: 64 })
    expect(device.wallet.view().mints.map((m) => m.url)).toEqual([mint.url])
  })

  it('refuses a wrong phrase, no mint or a bad URL, and keeps nothing', async () => {
    const erin = user()
    const name = 'cashu-restore-refused'
    const store = createCashuStore(idbStore(name, 'wallet'))
    const wallet = startCashuWallet({ ...erin, store })
    await wallet.open()
    const words = 'half depart obvious quality work element tank gorilla view sugar picture picture'
    await expect(wallet.restoreFromSeed(words, [mint.url])).rejects.toThrow(
      SEED_ERRORS.invalidMnemonic,
    )
    const phrase = 'half depart obvious quality work element tank gorilla view sugar picture humble'
    await expect(wallet.restoreFromSeed(phrase, ['', '  '])).rejects.toThrow('No mints provided')
    await expect(wallet.restoreFromSeed(phrase, ['http://mint.example.com'])).rejects.toThrow(
      MINT_ERRORS.https,
    )
    expect(wallet.view()).toMatchObject({ hasSeed: false, total: 0, mints: [] })
    const reread = createCashuStore(idbStore(name, 'wallet'))
    expect(await reread.seed(erin.pubkey)).toBeNull()
    expect((await reread.read(erin.pubkey)).counters).toEqual({})
  })
})
