// The ecash wallet's actors against the test mint (tests/peers/mint) and real IndexedDB
// (fake-indexeddb): mint loading with its timeout and messages, counters that survive a
// reload, the encrypted seed, deposit, send, receive by another user, and an interrupted send
// settled from checkstate and a NUT-13 restore.
import 'fake-indexeddb/auto'
import { createServer, type Server } from 'node:net'
import { injectWebSocketImpl } from '@cashu/cashu-ts'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createActor, toPromise } from 'xstate'
import { storedCounters } from '../../../../src/actors/ecash/cashu-counters.ts'
import { MELT_ERRORS } from '../../../../src/actors/ecash/cashu-melt.ts'
import { loadMint, walletFor } from '../../../../src/actors/ecash/cashu-mint-loader.ts'
import { type CashuStore, createCashuStore } from '../../../../src/actors/ecash/cashu-store.ts'
import { startCashuWallet } from '../../../../src/actors/ecash/cashu-wallet.ts'
import type { CashuWallet, LoginSource } from '../../../../src/actors/ecash/cashu-wallet-api.ts'
import { reservationLogic } from '../../../../src/actors/ecash/proof-reservation.effects.ts'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import { lockedSigner } from '../../../../src/actors/identity/signers/unavailable.ts'
import { idbStore } from '../../../../src/actors/platform/idb-store.ts'
import { MINT_ERRORS } from '../../../../src/core/ecash/cashu-mint.ts'
import { proofsIn } from '../../../../src/core/ecash/cashu-proof-book.ts'
import { walletSeed } from '../../../../src/core/ecash/cashu-seed.ts'
import { decodeToken, TOKEN_ERRORS } from '../../../../src/core/ecash/cashu-token.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'
import { freePort } from '../../../peers/free-port.ts'
import { type MintHandle, startMint } from '../../../peers/mint/server.ts'
import { until } from './cashu-fixtures.ts'

// Node 20 has no global WebSocket; cashu-ts reads it at import time.
injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket)

const lightning = createFakeLightning()
let mint: MintHandle
beforeAll(async () => {
  mint = await startMint({ lightning, name: 'Unit Mint' })
})
afterAll(() => mint.stop())

let databases = 0
/** A store over a database of its own; `reopen` is the same database read anew (a reload). */
function freshStore() {
  const name = `cashu-test-${++databases}`
  const reopen = () => createCashuStore(idbStore(name, 'wallet'))
  return Object.assign(reopen(), { reopen })
}

/** A logged-in user: their key signs and encrypts; the wallet reads the pubkey from here. */
function user() {
  const key = generateSecretKey()
  const pubkey = getPublicKey(key)
  const login: LoginSource = {
    getSnapshot: () => ({ context: { pubkey } }),
    subscribe: () => ({ unsubscribe() {} }),
  }
  const signer = () => localKeySigner(new Secret(key))
  return { key, pubkey, login, signer }
}

/** The page goes away after the mint answered but before the new proofs were written. */
function crashingOnNewProofs(store: CashuStore): CashuStore {
  return {
    ...store,
    update: async (pubkey, change) => {
      const before = await store.read(pubkey)
      if (change(before).book.entries.length > before.book.entries.length) {
        return new Promise<never>(() => {})
      }
      return store.update(pubkey, change)
    },
  }
}

/** A wallet with a seed, the mint added, and `amount` sats deposited. */
async function funded(amount: number) {
  const who = user()
  const store = freshStore()
  const wallet = startCashuWallet({ ...who, store })
  await wallet.open()
  await wallet.createSeed()
  await wallet.addMint(mint.url)
  await deposit(wallet, amount)
  return { ...who, store, wallet }
}

async function deposit(wallet: CashuWallet, amount: number) {
  const id = wallet.deposit(mint.url, amount)
  const view = () => wallet.view().deposits.find((d) => d.id === id)
  await until(() => view()?.invoice != null, 'the invoice')
  lightning.pay(view()?.invoice as string)
  await until(() => view()?.outcome === 'minted' && view()?.step === 'done', 'the deposit')
}

describe('loadMint', () => {
  it('loads info and keysets, and chooses the keyset to sign with', async () => {
    const loaded = await loadMint(mint.url)
    expect(loaded.info.name).toBe('Unit Mint')
    expect(loaded.keys.map((k) => k.id)).toContain(loaded.keysetId)
  })

  it("says 'unable to load wallet for mint {url}' when nothing answers", async () => {
    const url = `http://127.0.0.1:${await freePort()}`
    const error = await loadMint(url).catch((e: Error) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe(MINT_ERRORS.unableToLoad(url))
  })

  it("gives up with 'timeout loading mint' on a mint that never answers", async () => {
    const silent: Server = createServer(() => {})
    const port = await freePort()
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${port}`
      const error = (await loadMint(url, 300).catch((e: Error) => e)) as Error
      expect(error.message).toBe(MINT_ERRORS.unableToLoad(url))
      expect((error.cause as Error).message).toBe(MINT_ERRORS.timeout)
    } finally {
      silent.close()
    }
  })
})

describe('stored counters', () => {
  it('keeps the next counter in the record, across a reload, and refuses a used range', async () => {
    const name = `cashu-counters-${++databases}`
    const counters = storedCounters(createCashuStore(idbStore(name, 'wallet')), 'me')
    expect(await counters.reserve('k1', 5)).toEqual({ start: 0, count: 5 })
    expect(await counters.reserve('k1', 3)).toEqual({ start: 5, count: 3 })
    const reloaded = storedCounters(createCashuStore(idbStore(name, 'wallet')), 'me')
    expect(await reloaded.reserve('k1', 0)).toEqual({ start: 8, count: 0 })
    await expect(reloaded.reserveAt?.('k1', 4, 2)).rejects.toThrow('already used')
    await reloaded.advanceToAtLeast('k1', 20)
    expect(await reloaded.snapshot?.()).toEqual({ k1: 20 })
  })
})

describe('the ecash wallet', () => {
  it('deposits, sends a token another user receives, and reloads with the same balance', async () => {
    const alice = user()
    const store = freshStore()
    const wallet = startCashuWallet({ ...alice, store })
    await wallet.open()
    expect(wallet.view()).toMatchObject({ ready: true, hasSeed: false, total: 0 })
    expect(() => wallet.deposit(mint.url, 10)).toThrow('Create the wallet first')

    // The phrase is returned once; only NIP-44 ciphertext to the user's own key is stored.
    const phrase = await wallet.createSeed()
    expect(phrase.split(' ')).toHaveLength(12)
    const seed = await store.seed(alice.pubkey)
    expect(JSON.stringify(seed)).not.toContain(phrase.split(' ').slice(0, 3).join(' '))
    expect(await alice.signer().nip44Decrypt(alice.pubkey, seed?.ciphertext as string)).toBe(phrase)
    await expect(wallet.createSeed()).rejects.toThrow('This wallet already has a seed')

    await expect(wallet.addMint('http://mint.example.com')).rejects.toThrow(MINT_ERRORS.https)
    expect(await wallet.addMint(`${mint.url}/`)).toEqual({ url: mint.url, name: 'Unit Mint' })
    await expect(wallet.addMint(mint.url)).rejects.toThrow('This mint is already added')

    await deposit(wallet, 1000)
    expect(wallet.view().balances).toEqual({ [mint.url]: 1000 })
    expect((await store.read(alice.pubkey)).quotes).toEqual([])

    await expect(wallet.send(mint.url, 5000)).rejects.toThrow(MINT_ERRORS.notEnough)
    const token = await wallet.send(mint.url, 300)
    expect(token).toMatch(/^cashuB/)
    expect(wallet.view().total).toBe(700)
    expect(wallet.view().history.map((h) => [h.kind, h.amount])).toEqual([
      ['send', 300],
      ['deposit', 1000],
    ])

    // Another user's wallet: bad tokens get the spec's messages, the real one is received.
    const bob = user()
    const bobs = startCashuWallet({ ...bob, store: freshStore() })
    await bobs.open()
    await bobs.createSeed()
    await expect(bobs.receive('cashuCxyz')).rejects.toThrow(TOKEN_ERRORS.version)
    expect(await bobs.receive(`web+cashu://${token}`)).toEqual({ mint: mint.url, amount: 300 })
    expect(bobs.view()).toMatchObject({ total: 300, mints: [{ url: mint.url }] })
    await expect(bobs.receive(token)).rejects.toThrow(/spent/i)
    expect(bobs.view().total).toBe(300)

    // A reload (a new wallet over the same database): the balance, the history, and counters
    // that go on where they were (a reused one would be refused by the mint).
    const again = startCashuWallet({ ...alice, store: store.reopen() })
    await again.open()
    expect(again.view()).toMatchObject({ hasSeed: true, total: 700 })
    expect(again.view().history).toHaveLength(2)
    await again.send(mint.url, 100)
    expect(again.view().total).toBe(600)
  })

  it('settles a send whose answer was lost: inputs spent, outputs restored from the seed', async () => {
    const carol = user()
    const store = freshStore()
    const wallet = startCashuWallet({ ...carol, store })
    await wallet.open()
    await wallet.createSeed()
    await wallet.addMint(mint.url)
    await deposit(wallet, 1000)
    const record = await store.read(carol.pubkey)
    const inputs = proofsIn(record.book, 'available', mint.url).filter((p) => p.amount === 512)
    expect(inputs).toHaveLength(1)

    // The swap reaches the mint, then the connection drops: the outcome is unknown.
    const loaded = await loadMint(mint.url)
    const seed = await store.seed(carol.pubkey)
    const phrase = await carol.signer().nip44Decrypt(carol.pubkey, seed?.ciphertext as string)
    const direct = walletFor(loaded, {
      bip39seed: walletSeed(phrase),
      counterSource: storedCounters(store, carol.pubkey),
    })
    const logic = reservationLogic(
      { store, pubkey: carol.pubkey, walletOf: async () => direct, now: Date.now },
      async (w, reserved) => {
        await w.send(200, reserved)
        throw new TypeError('Failed to fetch')
      },
    )
    const actor = createActor(logic, {
      input: { opId: 'lost', kind: 'send', mint: mint.url, secrets: inputs.map((p) => p.secret) },
    }).start()
    expect(await toPromise(actor)).toEqual({ outcome: 'reconciled', error: 'Failed to fetch' })
    const after = await store.read(carol.pubkey)
    expect(after.book.journal).toEqual([])
    expect(after.opCounters).toEqual({})
    const available = proofsIn(after.book, 'available', mint.url)
    expect(available.reduce((sum, p) => sum + p.amount, 0)).toBe(1000)
    const states = await direct.checkProofsStates(available)
    expect(new Set(states.map((s) => s.state))).toEqual(new Set(['UNSPENT']))
  })

  it('restores a deposit whose minted proofs a reload lost, from the counters it noted', async () => {
    const erin = user()
    const store = freshStore()
    const wallet = startCashuWallet({ ...erin, store: crashingOnNewProofs(store) })
    await wallet.open()
    await wallet.createSeed()
    await wallet.addMint(mint.url)
    const id = wallet.deposit(mint.url, 500)
    const view = () => wallet.view().deposits.find((d) => d.id === id)
    await until(() => view()?.invoice != null, 'the invoice')
    lightning.pay(view()?.invoice as string)
    await until(() => view()?.step === 'saving', 'minting')
    const lost = await store.reopen().read(erin.pubkey)
    expect(lost.book.entries).toEqual([])
    expect(lost.quotes).toHaveLength(1)

    // The reload: the deposit resumes, the mint says issued, the proofs come back by restore.
    const again = startCashuWallet({ ...erin, store: store.reopen() })
    await again.open()
    await until(
      () => again.view().total === 500 && again.view().deposits[0]?.step === 'done',
      'the restore',
    )
    const after = await store.reopen().read(erin.pubkey)
    expect(after.quotes).toEqual([])
    expect(after.opCounters).toEqual({})
    expect(after.history.map((h) => [h.kind, h.amount])).toEqual([['deposit', 500]])
  })

  it('restores a receive whose answer a reload lost, when the wallet opens again', async () => {
    const sender = await funded(128)
    const token = await sender.wallet.send(mint.url, 100)
    const frank = user()
    const store = freshStore()
    const wallet = startCashuWallet({ ...frank, store: crashingOnNewProofs(store) })
    await wallet.open()
    await wallet.createSeed()
    // The swap happens at the mint (the token's proofs are spent); the page never writes.
    void wallet.receive(token)
    const loaded = await loadMint(mint.url)
    const proofs = decodeToken(
      token,
      loaded.keysets.map((k) => k.id),
    ).proofs
    const states = walletFor(loaded)
    let spent = false
    for (let i = 0; i < 200 && !spent; i++) {
      spent = (await states.checkProofsStates(proofs)).every((p) => p.state === 'SPENT')
      if (!spent) await new Promise((resolve) => setTimeout(resolve, 25))
    }
    expect(spent).toBe(true)
    expect((await store.reopen().read(frank.pubkey)).book.entries).toEqual([])

    const again = startCashuWallet({ ...frank, store: store.reopen() })
    await again.open()
    await until(() => again.view().total === 100, 'the restore')
    const after = await store.reopen().read(frank.pubkey)
    expect(after.opCounters).toEqual({})
    expect(after.history.map((h) => [h.kind, h.amount])).toEqual([['receive', 100]])
  })

  it('pays an invoice from the mint that can, keeping the unused fee reserve as change', async () => {
    const payer = await funded(1000)
    await expect(
      payer.wallet.quotePayment(lightning.create(2_000_000, '00'.repeat(32))),
    ).rejects.toThrow(MELT_ERRORS.noMint)
    const invoice = lightning.create(100_000, '22'.repeat(32))
    const quote = await payer.wallet.quotePayment(`lightning:${invoice}`)
    expect(quote).toMatchObject({ mint: mint.url, amount: 100 })
    expect(await payer.wallet.pay(quote.id)).toEqual({ amount: 100, fee: 0 })
    expect(lightning.lookup(invoice)?.paid).toBe(true)
    expect(payer.wallet.view().total).toBe(900)
    expect(payer.wallet.view().history[0]).toMatchObject({ kind: 'pay', amount: 100, fee: 0 })
    await expect(payer.wallet.pay(quote.id)).rejects.toThrow('Get a quote for the invoice first')
    const book = (await payer.store.read(payer.pubkey)).book
    expect(book.journal).toEqual([])
  })

  it('with the key locked, the seed cannot be read: nothing is spent, the balance stays', async () => {
    const dave = user()
    const store = freshStore()
    const wallet = startCashuWallet({ ...dave, store })
    await wallet.open()
    await wallet.createSeed()
    await wallet.addMint(mint.url)
    await deposit(wallet, 64)
    const locked = startCashuWallet({
      login: dave.login,
      signer: () => lockedSigner(dave.pubkey),
      store: store.reopen(),
    })
    await locked.open()
    await expect(locked.send(mint.url, 10)).rejects.toThrow(/locked/i)
    expect(locked.view().total).toBe(64)
  })
})

describe('the recovery phrase until confirmed', () => {
  it('is marked unconfirmed across a reload, decrypted again with the key, then confirmed', async () => {
    const alice = user()
    const store = freshStore()
    const wallet = startCashuWallet({ ...alice, store })
    await wallet.open()
    const phrase = await wallet.createSeed()
    expect(wallet.view().phraseUnconfirmed).toBe(true)
    expect(await store.seed(alice.pubkey)).toMatchObject({ unconfirmed: true })

    // A reload with the key locked: still unconfirmed, the words wait for the key.
    const locked = startCashuWallet({ ...alice, signer: lockedSigner, store: store.reopen() })
    await locked.open()
    expect(locked.view()).toMatchObject({ hasSeed: true, phraseUnconfirmed: true })
    await expect(locked.unconfirmedPhrase()).rejects.toThrow(/locked/)

    const again = startCashuWallet({ ...alice, store: store.reopen() })
    await again.open()
    expect(again.view().phraseUnconfirmed).toBe(true)
    expect(await again.unconfirmedPhrase()).toBe(phrase)
    await again.confirmPhrase()
    expect(again.view().phraseUnconfirmed).toBe(false)
    const kept = await store.seed(alice.pubkey)
    expect(kept).not.toHaveProperty('unconfirmed')
    expect(await alice.signer().nip44Decrypt(alice.pubkey, kept?.ciphertext as string)).toBe(phrase)

    const confirmed = startCashuWallet({ ...alice, store: store.reopen() })
    await confirmed.open()
    expect(confirmed.view()).toMatchObject({ hasSeed: true, phraseUnconfirmed: false })
  })
})
