// The ecash wallet kept on relays (NIP-60) against the real relay (tests/peers/relay), the real
// pool, socket machines and hub, the test mint and real IndexedDB (fake-indexeddb): token events
// published, rolled over and deleted as the book changes, history and quote events, everything
// encrypted; the wallet restored on another device from relays alone; publishes retried while
// the relay is away.
import 'fake-indexeddb/auto'
import { injectWebSocketImpl, Mint } from '@cashu/cashu-ts'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { waitFor } from 'xstate'
import { loadMint, walletFor } from '../../../../src/actors/ecash/cashu-mint-loader.ts'
import {
  NIP60_READBACK_ERROR,
  nip60Relays,
  startNip60Sync,
} from '../../../../src/actors/ecash/cashu-nip60.ts'
import { createCashuStore } from '../../../../src/actors/ecash/cashu-store.ts'
import { startCashuWallet } from '../../../../src/actors/ecash/cashu-wallet.ts'
import type { LoginSource } from '../../../../src/actors/ecash/cashu-wallet-api.ts'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import { idbStore } from '../../../../src/actors/platform/idb-store.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { addProofs } from '../../../../src/core/ecash/cashu-proof-book.ts'
import {
  NIP60_KINDS,
  parseHistory,
  parseTokenContent,
  parseWalletSecret,
  quoteParts,
  tokenPlaintext,
} from '../../../../src/core/ecash/nip60.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import type { RelayPoolActorRef } from '../../../../src/machines/relay-pool.machine.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'
import { forgetWrites } from '../../../peers/faults.ts'
import { type MintHandle, startMint } from '../../../peers/mint/server.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'
import { linkedPool } from '../relays/real-hub.ts'
import { WAIT_MS } from './cashu-fixtures.ts'

// Node 20 has no global WebSocket; cashu-ts reads it at import time.
Object.assign(globalThis, { WebSocket })
injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket)

const lightning = createFakeLightning()
let mint: MintHandle
let relay: RelayHandle
const pools: RelayPoolActorRef[] = []
/** Relays of one test, closed once its pools have stopped (a pool would reconnect). */
const extraRelays: RelayHandle[] = []

beforeAll(async () => {
  mint = await startMint({ lightning, name: 'Nip60 Mint' })
  relay = await startRelay()
})
afterAll(async () => {
  closeVerifyApi()
  await Promise.all([mint.stop(), relay.close()])
})
afterEach(async () => {
  for (const pool of pools.splice(0)) {
    // ws (unlike browsers) throws when a socket still connecting is closed.
    await waitFor(pool, (s) => !Object.values(s.context.phase).includes('connecting'))
    pool.stop()
  }
  await Promise.all(extraRelays.splice(0).map((r) => r.close()))
})

/** The relay pool of one device, linked to its hub as the app links them. */
function network(also: readonly RelayHandle[] = [], indexers: readonly RelayHandle[] = []) {
  const { pool, hub } = linkedPool(
    createVerifier([verifyApi]),
    [
      ...[relay, ...also].map((r) => ({ url: r.url, permission: 'readwrite' as const })),
      ...indexers.map((r) => ({ url: r.url, permission: 'indexer' as const })),
    ],
    { hub: { eoseTimeoutMs: 400, publishTimeoutMs: 2000 } },
  )
  pools.push(pool)
  return { hub, pool: () => pool }
}

let databases = 0
/** One device: a database of its own, its own pool and hub; the same user's key. */
function device(key: Uint8Array, also: readonly RelayHandle[] = []) {
  const pubkey = getPublicKey(key)
  const login: LoginSource = {
    getSnapshot: () => ({ context: { pubkey } }),
    subscribe: () => ({ unsubscribe() {} }),
  }
  const signer = () => localKeySigner(new Secret(key))
  const name = `cashu-nip60-${++databases}`
  const store = createCashuStore(idbStore(name, 'wallet'))
  const net = network(also)
  const wallet = startCashuWallet({
    login,
    signer,
    store,
    ...net,
    nip60Notes: idbStore(name, 'wallet'),
  })
  return { pubkey, signer, store, wallet, ...net }
}

const until = async (check: () => boolean | Promise<boolean>, what: string, ms = WAIT_MS) => {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const mine = (pubkey: string, kind: number): NostrEvent[] =>
  relay.events().filter((e) => e.pubkey === pubkey && e.kind === kind)

/** A sync of its own (no wallet around it) over `net`, retrying fast, with what it failed on. */
function loneSync(net: ReturnType<typeof network>) {
  const key = generateSecretKey()
  const pubkey = getPublicKey(key)
  const signer = () => localKeySigner(new Secret(key))
  const name = `cashu-nip60-${++databases}`
  const store = createCashuStore(idbStore(name, 'wallet'))
  const errors: unknown[] = []
  const sync = startNip60Sync({
    pubkey,
    store,
    notes: idbStore(name, 'wallet'),
    relays: nip60Relays(net, signer, pubkey),
    signer,
    hasWallet: async () => true,
    walletKey: async () => 'cd'.repeat(32),
    retryMs: 300,
    onError: (error) => errors.push(error),
  })
  /** One 8-sat proof into the book, and the sync told. */
  const addProof = async (secret: string) => {
    const proof = { id: '009a1f293253e41e', amount: 8, secret, C: `02${'1'.repeat(64)}` }
    await store.update(pubkey, (r) => ({
      ...r,
      mints: [{ url: mint.url, name: 'Nip60 Mint' }],
      book: addProofs(r.book, mint.url, [proof], Date.now()),
    }))
    sync.changed()
    return proof
  }
  return { pubkey, signer, store, sync, errors, addProof }
}

/** Every proof not spent is in a token event, and every spent one's event deleted. */
const inStep = async (store: ReturnType<typeof device>['store'], pubkey: string) => {
  const { entries } = (await store.read(pubkey)).book
  return (
    entries.length > 0 &&
    entries.every((e) =>
      e.state === 'deleted' ? e.tokenId === undefined : e.tokenId !== undefined,
    )
  )
}

describe('NIP-60: the wallet kept on relays', () => {
  it('publishes, rolls over and deletes token events, and restores on another device', async () => {
    const key = generateSecretKey()
    const first = device(key)
    const { pubkey, signer } = first
    const decrypt = (e: NostrEvent) => signer().nip44Decrypt(pubkey, e.content)
    await first.wallet.open()
    await first.wallet.createSeed()
    await first.wallet.addMint(mint.url)
    // The wallet event follows the mints: the one with the mint carries the wallet key.
    await until(async () => {
      const events = mine(pubkey, NIP60_KINDS.wallet)
      return events.length > 0 && (await decrypt(events[0]!)).includes(mint.url)
    }, 'the wallet event')
    const walletEvent = mine(pubkey, NIP60_KINDS.wallet)[0]!
    expect(walletEvent.tags).toEqual([])
    const walletSecret = parseWalletSecret(await decrypt(walletEvent))
    expect(walletSecret.mints).toEqual([mint.url])
    expect(walletSecret.privkey).toMatch(/^[0-9a-f]{64}$/)

    // While the deposit waits for its invoice to be paid, its quote is on the relay (7374).
    const id = first.wallet.deposit(mint.url, 100)
    const depositView = () => first.wallet.view().deposits.find((d) => d.id === id)
    await until(() => depositView()?.invoice != null, 'the invoice')
    await until(() => mine(pubkey, NIP60_KINDS.quote).length === 1, 'the quote event')
    const quoteEvent = mine(pubkey, NIP60_KINDS.quote)[0]!
    expect(quoteEvent.tags.find((t) => t[0] === 'mint')).toEqual(['mint', mint.url])
    const expiration = Number(quoteEvent.tags.find((t) => t[0] === 'expiration')?.[1])
    expect(expiration - quoteEvent.created_at).toBe(14 * 24 * 3600)
    const quoteId = (await first.store.read(pubkey)).quotes[0]?.quote
    expect(await decrypt(quoteEvent)).toBe(quoteId)
    lightning.pay(depositView()?.invoice as string)
    await until(() => depositView()?.step === 'done', 'the deposit')

    await until(() => inStep(first.store, pubkey), 'the token event')
    const [deposited] = mine(pubkey, NIP60_KINDS.token)
    const firstToken = parseTokenContent(await decrypt(deposited!))
    expect(firstToken?.mint).toBe(mint.url)
    expect(firstToken?.proofs.reduce((sum, p) => sum + p.amount, 0)).toBe(100)
    expect(firstToken?.del).toEqual([])
    // The quote event is deleted once the deposit is done (the relay honours the deletion).
    await until(
      () =>
        mine(pubkey, NIP60_KINDS.deletion).some(
          (d) =>
            d.tags.some((t) => t[0] === 'k' && t[1] === '7374') &&
            d.tags.some((t) => t[0] === 'e' && t[1] === quoteEvent.id),
        ),
      'the quote deletion',
    )
    expect(mine(pubkey, NIP60_KINDS.quote)).toEqual([])

    // A send spends some proofs of that event: it is rolled over (del names it) and deleted.
    await first.wallet.send(mint.url, 30)
    await until(
      () =>
        mine(pubkey, NIP60_KINDS.deletion).some((d) =>
          d.tags.some((t) => t[0] === 'e' && t[1] === deposited!.id),
        ),
      'the token deletion',
    )
    await until(() => inStep(first.store, pubkey), 'the rolled-over event')
    const deletion = mine(pubkey, NIP60_KINDS.deletion).find((d) =>
      d.tags.some((t) => t[1] === deposited!.id),
    )
    expect(deletion?.tags).toContainEqual(['k', '7375'])
    const tokens = await Promise.all(
      mine(pubkey, NIP60_KINDS.token).map(async (e) => ({
        id: e.id,
        content: parseTokenContent(await decrypt(e)),
      })),
    )
    const rolled = tokens.find((t) => t.content?.del.includes(deposited!.id))
    expect(tokens.map((t) => t.id)).toEqual([rolled?.id])
    expect(rolled?.content?.proofs.reduce((sum, p) => sum + p.amount, 0)).toBe(70)

    // History: a deposit in and a send out, encrypted.
    await until(() => mine(pubkey, NIP60_KINDS.history).length === 2, 'the history events')
    const history = await Promise.all(
      mine(pubkey, NIP60_KINDS.history).map(async (e) =>
        parseHistory(JSON.parse(await decrypt(e)), e.tags),
      ),
    )
    expect(history.map((h) => [h?.direction, h?.amount]).sort()).toEqual([
      ['in', 100],
      ['out', 30],
    ])

    // Nothing on the relay shows a proof's secret or the wallet key in clear.
    const record = await first.store.read(pubkey)
    const everything = JSON.stringify(relay.events().filter((e) => e.pubkey === pubkey))
    for (const entry of record.book.entries) expect(everything).not.toContain(entry.proof.secret)
    expect(everything).not.toContain(walletSecret.privkey)

    // Another device, relays alone: the wallet is found, restored with the same balance, the
    // same wallet key and the proofs' token events; it makes a seed of its own.
    const second = device(key)
    await second.wallet.open()
    expect(second.wallet.view()).toMatchObject({ ready: true, hasSeed: false })
    await until(() => second.wallet.view().relayWallet, 'the relay wallet found')
    const phrase = await second.wallet.restoreFromRelays()
    expect(phrase.split(' ')).toHaveLength(12)
    expect(second.wallet.view()).toMatchObject({
      hasSeed: true,
      total: 70,
      relayWallet: false,
      mints: [{ url: mint.url, name: 'Nip60 Mint' }],
    })
    const firstPhrase = await signer().nip44Decrypt(
      pubkey,
      (await first.store.seed(pubkey))!.ciphertext,
    )
    expect(phrase).not.toBe(firstPhrase)
    const restoredKey = await second.store.walletKey(pubkey)
    expect(await signer().nip44Decrypt(pubkey, restoredKey!.ciphertext)).toBe(walletSecret.privkey)
    const restored = await second.store.read(pubkey)
    expect(restored.book.entries.every((e) => e.tokenId === rolled?.id)).toBe(true)
    // The restored proofs spend at the mint: they really are the unspent ones.
    await second.wallet.send(mint.url, 70)
    expect(second.wallet.view().total).toBe(0)
    await expect(second.wallet.restoreFromRelays()).rejects.toThrow(
      'This wallet already has a seed',
    )
  })

  it('restores only standing token events, and rolls over one the mint says is partly spent', async () => {
    const key = generateSecretKey()
    const first = device(key)
    const { pubkey, signer } = first
    const encrypt = (text: string) => signer().nip44Encrypt(pubkey, text)
    await first.wallet.open()
    await first.wallet.createSeed()
    await first.wallet.addMint(mint.url)
    const id = first.wallet.deposit(mint.url, 100)
    const view = () => first.wallet.view().deposits.find((d) => d.id === id)
    await until(() => view()?.invoice != null, 'the invoice')
    lightning.pay(view()?.invoice as string)
    await until(() => inStep(first.store, pubkey), 'the token event')
    const [held] = mine(pubkey, NIP60_KINDS.token)

    // Stale relay state: one proof of that event spent at the mint behind the relays' back; an
    // event deleted by a kind 5 and one named in another's del, both holding a proof the mint
    // has never seen (it would count as unspent were they read).
    const proofs = (await first.store.read(pubkey)).book.entries.map((e) => e.proof)
    const four = proofs.find((p) => p.amount === 4)!
    // Split 2 + 2 at the mint: a swap, so the 4 is spent (an exact send would not swap).
    await walletFor(await loadMint(mint.url)).send(2, [four])
    const stranger = { id: four.id, amount: 8, secret: 'never-signed', C: four.C }
    // The deleted event is still on a relay its deletion never reached.
    const behind = await startRelay()
    extraRelays.push(behind)
    const publish = async (kind: number, content: string, tags: string[][] = [], on = relay) => {
      const event = finalizeEvent(
        { kind, content, tags, created_at: Math.floor(Date.now() / 1000) },
        key,
      )
      await on.publish(event)
      return event
    }
    const deleted = await publish(
      NIP60_KINDS.token,
      await encrypt(tokenPlaintext({ mint: mint.url, proofs: [stranger] })),
      [],
      behind,
    )
    await publish(NIP60_KINDS.deletion, '', [
      ['e', deleted.id],
      ['k', '7375'],
    ])
    const replaced = await publish(
      NIP60_KINDS.token,
      await encrypt(tokenPlaintext({ mint: mint.url, proofs: [stranger] })),
    )
    await publish(
      NIP60_KINDS.token,
      await encrypt(tokenPlaintext({ mint: mint.url, proofs: [], del: [replaced.id] })),
    )

    const second = device(key, [behind])
    await second.wallet.open()
    await until(() => second.wallet.view().relayWallet, 'the relay wallet found')
    await second.wallet.restoreFromRelays()
    expect(second.wallet.view().total).toBe(96)
    const restored = await second.store.read(pubkey)
    expect(restored.book.entries.map((e) => [e.proof.amount, e.state, e.tokenId]).sort()).toEqual(
      [
        [32, 'available', held!.id],
        [4, 'deleted', held!.id],
        [64, 'available', held!.id],
      ].sort(),
    )
    // The second device brings the relays in step: the event is rolled over and deleted.
    await until(() => inStep(second.store, pubkey), 'the roll-over')
    const rolled = (await second.store.read(pubkey)).book.entries.find(
      (e) => e.state === 'available',
    )
    const token = mine(pubkey, NIP60_KINDS.token).find((e) => e.id === rolled?.tokenId)
    const content = parseTokenContent(await signer().nip44Decrypt(pubkey, token!.content))
    expect(content?.del).toEqual([held!.id])
    expect(content?.proofs.map((p) => p.amount).sort()).toEqual([32, 64])
    expect(mine(pubkey, NIP60_KINDS.token).map((e) => e.id)).not.toContain(held!.id)
  })

  it('dates a quote event and its expiration in the same second, however slow the encryption', async () => {
    const key = generateSecretKey()
    const pubkey = getPublicKey(key)
    const signer = () => localKeySigner(new Secret(key))
    const name = `cashu-nip60-${++databases}`
    const store = createCashuStore(idbStore(name, 'wallet'))
    // A clock a second later at every reading: any two readings for one event differ.
    let clock = Date.now()
    const sync = startNip60Sync({
      pubkey,
      store,
      notes: idbStore(name, 'wallet'),
      relays: nip60Relays(network(), signer, pubkey),
      signer,
      hasWallet: async () => true,
      walletKey: async () => 'cd'.repeat(32),
      now: () => (clock += 1000),
    })
    await store.update(pubkey, (r) => ({
      ...r,
      mints: [{ url: mint.url, name: 'Nip60 Mint' }],
      quotes: [{ quote: 'quote-1', request: 'lnbc1', amount: 100, expiry: null, mint: mint.url }],
    }))
    sync.changed()
    await until(() => mine(pubkey, NIP60_KINDS.quote).length === 1, 'the quote event')
    sync.stop()
    const [quoteEvent] = mine(pubkey, NIP60_KINDS.quote)
    const expiration = Number(quoteEvent!.tags.find((t) => t[0] === 'expiration')?.[1])
    expect(expiration - quoteEvent!.created_at).toBe(14 * 24 * 3600)
  })

  it('tries a publish again while the relay is away, losing nothing locally', async () => {
    // An indexer keeps per-user documents, not wallet state: nothing is sent there, even while
    // the write relay is away.
    const indexer = await startRelay()
    extraRelays.push(indexer)
    const net = network([], [indexer])
    const { pubkey, signer, store, sync, errors, addProof } = loneSync(net)
    await waitFor(net.pool(), (s) => Object.values(s.context.phase).includes('connected'))
    await relay.stop()
    const proof = await addProof('away-secret')
    await until(() => errors.length > 0, 'a failed publish')
    expect((await store.read(pubkey)).book.entries).toHaveLength(1)
    await relay.start()
    await until(() => inStep(store, pubkey), 'the publish once the relay is back', 30_000)
    sync.stop()
    const [token] = mine(pubkey, NIP60_KINDS.token)
    const content = parseTokenContent(await signer().nip44Decrypt(pubkey, token!.content))
    expect(content?.proofs).toEqual([proof])
    expect((await store.read(pubkey)).book.entries[0]?.tokenId).toBe(token?.id)
    expect(mine(pubkey, NIP60_KINDS.wallet)).toHaveLength(1)
    expect(indexer.events().filter((e) => e.pubkey === pubkey)).toEqual([])
  })

  it('counts proofs backed up only once a relay gives their token event back, not on an OK', async () => {
    const { pubkey, store, sync, errors, addProof } = loneSync(network())
    // The relay answers OK to the token event and gives it to nobody: as if it kept nothing.
    relay.setFaults(
      forgetWrites((event) => event.pubkey === pubkey && event.kind === NIP60_KINDS.token),
    )
    try {
      await addProof('readback')
      await until(() => errors.length > 0, 'a token event not given back')
      expect(errors[0]).toEqual(new Error(NIP60_READBACK_ERROR))
      // The relay did accept it: only the read-back tells it is not there.
      expect(mine(pubkey, NIP60_KINDS.token).length).toBeGreaterThan(0)
      expect((await store.read(pubkey)).book.entries[0]?.tokenId).toBeUndefined()

      relay.setFaults(undefined)
      await until(() => inStep(store, pubkey), 'the token event read back', 30_000)
      // Each event it accepted and gave to nobody is deleted once the proofs are out again in
      // one read back: a relay that kept it after all would hold proofs that may be spent.
      await until(
        () => mine(pubkey, NIP60_KINDS.token).length === 1,
        'the token events never read back deleted',
      )
      sync.stop()
      const tokenId = (await store.read(pubkey)).book.entries[0]?.tokenId
      expect(mine(pubkey, NIP60_KINDS.token).map((e) => e.id)).toEqual([tokenId])
    } finally {
      relay.setFaults(undefined)
    }
  })

  it('restores a deposit paid on another device and never minted there, from its quote event (7374)', async () => {
    const key = generateSecretKey()
    const first = device(key)
    const { pubkey, signer } = first
    await first.wallet.open()
    await first.wallet.createSeed()
    await first.wallet.addMint(mint.url)
    await until(() => mine(pubkey, NIP60_KINDS.wallet).length > 0, 'the wallet event')
    // Two deposits the first device made and published (NIP-60 quote events), then was lost
    // before minting: one invoice was paid, the other never.
    const relays = nip60Relays({ hub: first.hub, pool: first.pool }, signer, pubkey)
    const publishQuote = async (amount: number) => {
      const made = await new Mint(mint.url).createMintQuoteBolt11({ amount, unit: 'sat' })
      const now = Math.floor(Date.now() / 1000)
      const parts = quoteParts({ quoteId: made.quote, mint: mint.url, now })
      await relays.publish({
        kind: NIP60_KINDS.quote,
        content: await signer().nip44Encrypt(pubkey, parts.secret),
        tags: parts.tags,
        created_at: now,
      })
      return made
    }
    const paid = await publishQuote(64)
    lightning.pay(paid.request)
    await publishQuote(32)

    const second = device(key)
    await second.wallet.open()
    await until(() => second.wallet.view().relayWallet, 'the relay wallet found')
    await second.wallet.restoreFromRelays()
    await until(() => second.wallet.view().total === 64, 'the paid deposit minted')
    const record = await second.store.read(pubkey)
    expect(record.quotes).toEqual([])
    expect(record.history.map((h) => [h.kind, h.amount])).toEqual([['deposit', 64]])
    expect(second.wallet.view().deposits.map((d) => d.amount)).toEqual([64])
  })
})
