// Nutzaps (NIP-61) between wallets over the real relay (tests/peers/relay.ts, the real pool,
// socket machines and hub) and the test mint (NUT-11 locks, NUT-12 DLEQ): the recipient's 10019
// published when their wallet gets a mint, a nutzap sent on the mint both have, redeemed by the
// recipient's open wallet with a 7376 marking it, never twice (a reload finds it marked); the
// refusals (no 10019, no common mint, locked to another key: refused for good); a nutzap kept
// while its mint is away or the key is locked, redeemed later; one whose swap answer and restore
// were both lost, recovered as that nutzap later (its retry, the settling, or both at once) and
// never swapped again; one another device of the user redeemed, refused for good; and a send a
// reload interrupted after the mint's swap, finished from the locked outputs written down before
// it. And where they travel: to the relays of the recipient's 10019 beyond the sender's pool,
// heard there by the recipient, the 7376 sent to the sender's read relays (NIP-65).
import 'fake-indexeddb/auto'
import { injectWebSocketImpl } from '@cashu/cashu-ts'
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createActor, waitFor } from 'xstate'
import type { CashuStore } from '../../../../src/actors/ecash/cashu-store.ts'
import { startCashuWallet } from '../../../../src/actors/ecash/cashu-wallet.ts'
import type { CashuWallet } from '../../../../src/actors/ecash/cashu-wallet-api.ts'
import {
  KEY_LOCKED_MESSAGE,
  lockedSigner,
} from '../../../../src/actors/identity/signers/unavailable.ts'
import { createRelayHub, type RelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import { createRelaySockets } from '../../../../src/actors/relays/socket.effects.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { RECOVERY_ERRORS } from '../../../../src/core/ecash/cashu-errors.ts'
import { unbackedSats } from '../../../../src/core/ecash/cashu-proof-book.ts'
import {
  NIP61_KINDS,
  NUTZAP_ERRORS,
  nutzapInfoTemplate,
  parseNutzapInfo,
} from '../../../../src/core/ecash/nip61.ts'
import type { RelayEntry } from '../../../../src/core/relays/relay-list.ts'
import {
  type RelayPoolActorRef,
  relayPoolMachine,
} from '../../../../src/machines/relay-pool.machine.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'
import { type FaultyMint, startFaultyMint } from '../../../peers/mint/faults.ts'
import { type MintHandle, startMint } from '../../../peers/mint/server.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'
import { appRelays } from '../relays/app-relays.ts'
import { deposit, freshStore, switchable, until, user, WAIT_MS } from './cashu-fixtures.ts'

Object.assign(globalThis, { WebSocket })
injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket)

const lightning = createFakeLightning()
let mint: MintHandle
let other: MintHandle
let relay: RelayHandle
let hub: RelayHub
let pool: RelayPoolActorRef

beforeAll(async () => {
  ;[mint, other, relay] = await Promise.all([
    startMint({ lightning, name: 'Nutzap Mint' }),
    startMint({ lightning, name: 'Other Mint' }),
    startRelay(),
  ])
  hub = createRelayHub({
    verifier: createVerifier([verifyApi]),
    onRejected: () => {},
    eoseTimeoutMs: 500,
    publishTimeoutMs: 3000,
  })
  const relaySockets = createRelaySockets()
  const started = createActor(
    relayPoolMachine.provide({ actors: { socket: relaySockets.machine } }),
    { input: { relays: [{ url: relay.url, permission: 'readwrite' }] } },
  )
  const linked = new Set<unknown>()
  started.subscribe(({ context }) => {
    for (const socket of context.sockets) {
      if (linked.has(socket)) continue
      linked.add(socket)
      hub.addRelay({
        ...relaySockets.link(socket),
        permission: () => 'readwrite',
        connect: () => started.send({ type: 'pool.connect', url: relay.url }),
      })
    }
  })
  started.start()
  pool = started
  await waitFor(pool, (s) => Object.values(s.context.phase).includes('connected'))
})
afterAll(async () => {
  pool.stop()
  closeVerifyApi()
  await Promise.all([mint.stop(), other.stop(), relay.close()])
})

/** A user's wallet on the shared relay, with a seed, `mintUrl` added and `amount` deposited. */
async function walletOf(
  who: Pick<ReturnType<typeof user>, 'key' | 'pubkey' | 'login' | 'signer'> = user(),
  mintUrl = mint.url,
  amount = 0,
  on: RelayHub = hub,
) {
  const store = freshStore('nutzap')
  const wallet = startCashuWallet({ ...who, store, hub: on, pool: () => pool })
  await wallet.open()
  await wallet.createSeed()
  await wallet.addMint(mintUrl)
  if (amount > 0) await deposit(wallet, lightning, mintUrl, amount)
  return { ...who, store, wallet }
}

const onRelay = (kind: number, author: string) =>
  relay.events().filter((e) => e.kind === kind && e.pubkey === author)

const infoOf = async (pubkey: string) => {
  await until(() => onRelay(NIP61_KINDS.info, pubkey).length > 0, 'the 10019')
  return parseNutzapInfo(onRelay(NIP61_KINDS.info, pubkey)[0] as NostrEvent)
}

/** The page goes away once the mint swapped and the nutzap was signed, before anything else. */
function dyingWhenSigned(store: CashuStore, died: () => void): CashuStore {
  let dead = false
  return {
    ...store,
    update: async (pubkey, change) => {
      // A page that died writes nothing more: without this, the dead wallet's later writes (the
      // NIP-60 sync marking its token events) would land over what the reloaded one wrote.
      if (dead) return new Promise<never>(() => {})
      if ((change(await store.read(pubkey)).nutzapsPending ?? []).some((p) => p.signed)) {
        dead = true
        died()
        return new Promise<never>(() => {})
      }
      return store.update(pubkey, change)
    },
  }
}

/** Until the relay backup has every proof of `pubkey`'s record in a token event (NIP-60). */
async function backedUp(store: CashuStore, pubkey: string) {
  const start = Date.now()
  while (unbackedSats((await store.read(pubkey)).book).sats > 0) {
    if (Date.now() - start > WAIT_MS) throw new Error('timed out waiting for the backup')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const balanceIs = (wallet: CashuWallet, total: number, what: string) =>
  until(() => wallet.view().total === total, what)

/** Whether a 7376 of `author` on the relay marks the nutzap `id` redeemed. */
const markedOnRelay = (author: string, id: string | undefined) =>
  onRelay(7376, author).some((e) =>
    e.tags.some((t) => t[0] === 'e' && t[1] === id && t[3] === 'redeemed'),
  )

/**
 * Alice nutzaps Grace 19 sats on `proxy`; Grace's wallet opens and swaps it, the mint signs and
 * the answer is lost, and the restore that would recover it at once cannot reach the mint: the
 * nutzap waits, its counters noted with it. The mint answers again afterwards.
 */
async function lostTwice(proxy: FaultyMint) {
  const alice = await walletOf(user(), proxy.url, 40)
  const grace = switchable(user())
  const graces = await walletOf(grace, proxy.url)
  await infoOf(grace.pubkey)
  grace.set(null)
  await alice.wallet.sendNutzap({ recipient: grace.pubkey, amount: 19, comment: 'Lost twice' })
  const [zap] = onRelay(NIP61_KINDS.nutzap, alice.pubkey)
  proxy.fail('/v1/swap', { kind: 'after-drop' })
  proxy.fail('/v1/restore', { kind: 'drop' })
  grace.set(grace.pubkey)
  await graces.wallet.open()
  await until(() => graces.wallet.view().nutzaps.error !== null, 'the failure')
  expect(graces.wallet.view().nutzaps).toMatchObject({
    error: `${NUTZAP_ERRORS.redeemFailed}: ${RECOVERY_ERRORS.receive}`,
    waiting: 1,
  })
  const note = { peer: alice.pubkey, event: zap?.id, comment: 'Lost twice' }
  expect(Object.values((await graces.store.read(grace.pubkey)).opCounters)).toEqual([
    expect.objectContaining({ operation: 'receive', nutzap: note }),
  ])
  expect(graces.wallet.view().total).toBe(0)
  proxy.clear()
  return { grace, graces, zap: zap as NostrEvent, note }
}

/** A reload: the wallet closes, and opens again on the same database, with the relays. */
async function reloaded(who: ReturnType<typeof switchable>, store: { reopen(): CashuStore }) {
  who.set(null)
  who.set(who.pubkey)
  const again = startCashuWallet({ ...who, store: store.reopen(), hub, pool: () => pool })
  await again.open()
  return again
}

describe('nutzaps', () => {
  it('sends a nutzap the recipient redeems once, marked by a 7376 on the relay', async () => {
    const alice = await walletOf(user(), mint.url, 100)
    const bob = await walletOf()

    // Bob's 10019: his read relay, the mint as his wallet has it, his wallet key (not his
    // Nostr key) with the 02 prefix.
    const info = await infoOf(bob.pubkey)
    expect(info?.relays).toEqual([relay.url])
    expect(info?.mints).toEqual([{ url: mint.url, units: ['sat'] }])
    expect(info?.pubkey).toMatch(/^02[0-9a-f]{64}$/)
    expect(info?.pubkey).not.toBe(`02${bob.pubkey}`)

    const note = { id: 'cd'.repeat(32), kind: 1 }
    expect(
      await alice.wallet.sendNutzap({
        recipient: bob.pubkey,
        amount: 21,
        comment: 'Nice note',
        event: note,
      }),
    ).toMatchObject({ mint: mint.url })
    expect(alice.wallet.view().total).toBe(79)
    const sent = alice.wallet.view().history[0]
    expect(sent).toMatchObject({ kind: 'send', amount: 21, nutzap: { peer: bob.pubkey } })

    const [zap] = onRelay(NIP61_KINDS.nutzap, alice.pubkey)
    expect(zap?.tags).toEqual(
      expect.arrayContaining([
        ['u', mint.url],
        ['p', bob.pubkey],
        ['e', note.id],
        ['k', '1'],
        ['unit', 'sat'],
      ]),
    )
    expect(zap?.content).toBe('Nice note')
    expect(sent?.nutzap?.event).toBe(zap?.id)

    // Bob's open wallet watches for nutzaps: redeemed with his wallet key.
    await balanceIs(bob.wallet, 21, 'the redeemed nutzap')
    expect(bob.wallet.view().history[0]).toMatchObject({
      kind: 'receive',
      amount: 21,
      mint: mint.url,
      nutzap: { peer: alice.pubkey, event: zap?.id, comment: 'Nice note' },
    })
    await until(() => onRelay(7376, bob.pubkey).length > 0, 'the 7376')
    const marks = onRelay(7376, bob.pubkey)
    const redeemed = marks.find((e) => e.tags.some((t) => t[0] === 'e' && t[1] === zap?.id))
    expect(redeemed?.tags).toEqual(
      expect.arrayContaining([
        ['e', zap?.id as string, '', 'redeemed'],
        ['p', alice.pubkey],
      ]),
    )
    // The amount and direction are encrypted to Bob.
    const secret = JSON.parse(
      await bob.signer().nip44Decrypt(bob.pubkey, redeemed?.content as string),
    ) as string[][]
    expect(secret).toEqual(
      expect.arrayContaining([
        ['direction', 'in'],
        ['amount', '21'],
      ]),
    )

    // A reload (the same database, a new wallet): the nutzap is marked, not taken again, and
    // the 10019 the relay has already is not published again.
    const publishedKinds: number[] = []
    const watchedHub: RelayHub = {
      ...hub,
      publish: (event, relays) => {
        publishedKinds.push(event.kind)
        return hub.publish(event, relays)
      },
    }
    const again = startCashuWallet({
      login: bob.login,
      signer: bob.signer,
      store: bob.store.reopen(),
      hub: watchedHub,
      pool: () => pool,
    })
    await again.open()
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(again.view().total).toBe(21)
    expect(again.view().nutzaps).toMatchObject({ error: null, waiting: 0, redeeming: 0 })
    expect(again.view().history.filter((h) => h.nutzap)).toHaveLength(1)
    expect(publishedKinds).not.toContain(NIP61_KINDS.info)
    expect(publishedKinds).not.toContain(7376)
  })

  it('refuses a recipient without a 10019 and one whose mints this wallet lacks', async () => {
    const alice = await walletOf(user(), mint.url, 50)
    const nobody = user()
    await expect(
      alice.wallet.sendNutzap({ recipient: nobody.pubkey, amount: 5, comment: '' }),
    ).rejects.toThrow(NUTZAP_ERRORS.noInfo)
    const carol = await walletOf(user(), other.url)
    await infoOf(carol.pubkey)
    await expect(
      alice.wallet.sendNutzap({ recipient: carol.pubkey, amount: 5, comment: '' }),
    ).rejects.toThrow(NUTZAP_ERRORS.noCommonMint)
    // More than the balance on the common mint: the same message, nothing reserved.
    const dave = await walletOf()
    await infoOf(dave.pubkey)
    await expect(
      alice.wallet.sendNutzap({ recipient: dave.pubkey, amount: 500, comment: '' }),
    ).rejects.toThrow(NUTZAP_ERRORS.noCommonMint)
    expect(alice.wallet.view().total).toBe(50)
  })

  it("says 'Failed to redeem nutzaps' for one locked to another key, and refuses it", async () => {
    const alice = await walletOf(user(), mint.url, 40)
    const carol = await walletOf()
    const erin = await walletOf()
    await Promise.all([infoOf(carol.pubkey), infoOf(erin.pubkey)])
    await alice.wallet.sendNutzap({ recipient: carol.pubkey, amount: 8, comment: '' })
    const [toCarol] = onRelay(NIP61_KINDS.nutzap, alice.pubkey)
    // The same proofs (locked to Carol's key) addressed to Erin.
    const forged = finalizeEvent(
      {
        kind: NIP61_KINDS.nutzap,
        created_at: Math.floor(Date.now() / 1000),
        content: '',
        tags: (toCarol?.tags ?? []).map((t) => (t[0] === 'p' ? ['p', erin.pubkey] : t)),
      },
      alice.key,
    )
    await relay.publish(forged)
    await until(() => erin.wallet.view().nutzaps.error !== null, 'the failure')
    expect(erin.wallet.view().nutzaps).toMatchObject({
      error: `Failed to redeem nutzaps: ${NUTZAP_ERRORS.notLocked}`,
      waiting: 0,
    })
    expect(erin.wallet.view().total).toBe(0)
    expect((await erin.store.read(erin.pubkey)).nutzapsRefused).toEqual([forged.id])
    // It can never be redeemed here: a reload does not try (or complain) again.
    const again = startCashuWallet({
      login: erin.login,
      signer: erin.signer,
      store: erin.store.reopen(),
      hub,
      pool: () => pool,
    })
    await again.open()
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(again.view().nutzaps).toMatchObject({ error: null, waiting: 0 })
    // Carol still redeems hers.
    await balanceIs(carol.wallet, 8, "Carol's nutzap")
  })

  it('keeps a nutzap whose mint is away, and redeems it on a later try', async () => {
    const seed = new Uint8Array(32).fill(9)
    let away = await startMint({ lightning, name: 'Away Mint', keysets: [{ seed }] })
    const { port } = away
    try {
      const alice = await walletOf(user(), away.url, 30)
      const erin = switchable(user())
      const erins = await walletOf(erin, away.url)
      await infoOf(erin.pubkey)
      // Erin's wallet closes (logged out); the nutzap arrives; the mint goes away.
      erin.set(null)
      await alice.wallet.sendNutzap({ recipient: erin.pubkey, amount: 13, comment: '' })
      await away.stop()
      erin.set(erin.pubkey)
      await erins.wallet.open()
      await until(() => erins.wallet.view().nutzaps.error !== null, 'the failure')
      expect(erins.wallet.view().nutzaps.error).toMatch(/^Failed to redeem nutzaps: /)
      expect(erins.wallet.view().nutzaps.waiting).toBe(1)
      // The mint is back (the same keys): the next try redeems it.
      away = await startMint({ lightning, name: 'Away Mint', keysets: [{ seed }], port })
      await erins.wallet.retryNutzaps()
      expect(erins.wallet.view().total).toBe(13)
      expect(erins.wallet.view().nutzaps).toMatchObject({ error: null, waiting: 0 })
    } finally {
      await away.stop()
    }
  })

  it('redeems a nutzap whose swap answer was lost after the mint signed: restored at once (NUT-09)', async () => {
    const proxy = await startFaultyMint(mint.url)
    try {
      const alice = await walletOf(user(), proxy.url, 40)
      const frank = switchable(user())
      const franks = await walletOf(frank, proxy.url)
      await infoOf(frank.pubkey)
      frank.set(null)
      await alice.wallet.sendNutzap({ recipient: frank.pubkey, amount: 17, comment: '' })
      // The mint swaps Frank's redemption, then the connection drops before its answer.
      proxy.fail('/v1/swap', { kind: 'after-drop' })
      frank.set(frank.pubkey)
      await franks.wallet.open()
      await balanceIs(franks.wallet, 17, 'the recovered nutzap')
      expect(franks.wallet.view().nutzaps).toMatchObject({ error: null, waiting: 0 })
      expect(franks.wallet.view().history[0]).toMatchObject({
        kind: 'receive',
        amount: 17,
        nutzap: { peer: alice.pubkey },
      })
      expect((await franks.store.read(frank.pubkey)).opCounters).toEqual({})
    } finally {
      await proxy.stop()
    }
  })

  it('redeems a nutzap whose answer and restore were both lost on its next try: recovered, not swapped again, marked by a 7376', async () => {
    const proxy = await startFaultyMint(mint.url)
    try {
      const { grace, graces, zap, note } = await lostTwice(proxy)
      const swaps = proxy.hits('/v1/swap')
      await graces.wallet.retryNutzaps()
      expect(graces.wallet.view().nutzaps).toMatchObject({ error: null, waiting: 0 })
      expect(graces.wallet.view().total).toBe(19)
      expect(graces.wallet.view().history[0]).toMatchObject({
        kind: 'receive',
        amount: 19,
        nutzap: note,
      })
      expect(proxy.hits('/v1/swap')).toBe(swaps)
      const record = await graces.store.read(grace.pubkey)
      expect(record.opCounters).toEqual({})
      expect(record.nutzapsWaiting).toEqual([])
      await until(() => markedOnRelay(grace.pubkey, zap.id), 'the 7376')
    } finally {
      await proxy.stop()
    }
  })

  it("records a nutzap whose answer and restore were both lost as the nutzap when the wallet's settling recovers it", async () => {
    const proxy = await startFaultyMint(mint.url)
    try {
      const { grace, graces, zap, note } = await lostTwice(proxy)
      grace.set(null) // the wallet closes
      grace.set(grace.pubkey)
      // Opened again without relays: no nutzap inbox, only the settling recovers it.
      const settled = startCashuWallet({ ...grace, store: graces.store.reopen() })
      await settled.open()
      await balanceIs(settled, 19, 'the recovered nutzap')
      expect(settled.view().history[0]).toMatchObject({
        kind: 'receive',
        amount: 19,
        nutzap: note,
      })
      const record = await graces.store.read(grace.pubkey)
      expect(record.opCounters).toEqual({})
      expect(record.nutzapsWaiting).toEqual([])
      // With relays: redeemed here already, never swapped again, and marked by its 7376 now.
      const swaps = proxy.hits('/v1/swap')
      const again = await reloaded(grace, graces.store)
      await until(() => markedOnRelay(grace.pubkey, zap.id), 'the 7376')
      expect(again.view().nutzaps).toMatchObject({ error: null, waiting: 0 })
      expect(again.view().total).toBe(19)
      expect(again.view().history.filter((h) => h.nutzap)).toHaveLength(1)
      expect(proxy.hits('/v1/swap')).toBe(swaps)
    } finally {
      await proxy.stop()
    }
  })

  it('records such a nutzap once when the settling and the inbox both recover it as the wallet opens again', async () => {
    const proxy = await startFaultyMint(mint.url)
    try {
      const { grace, graces, zap, note } = await lostTwice(proxy)
      const swaps = proxy.hits('/v1/swap')
      const again = await reloaded(grace, graces.store)
      await until(() => markedOnRelay(grace.pubkey, zap.id), 'the 7376')
      await balanceIs(again, 19, 'the recovered nutzap')
      expect(again.view().nutzaps).toMatchObject({ error: null, waiting: 0 })
      expect(again.view().history.filter((h) => h.nutzap)).toEqual([
        expect.objectContaining({ kind: 'receive', amount: 19, nutzap: note }),
      ])
      expect(proxy.hits('/v1/swap')).toBe(swaps)
      expect((await graces.store.read(grace.pubkey)).opCounters).toEqual({})
    } finally {
      await proxy.stop()
    }
  })

  it(`refuses a nutzap another device of the user redeemed: '${NUTZAP_ERRORS.redeemedElsewhere}', not tried again`, async () => {
    const alice = await walletOf(user(), mint.url, 30)
    const henry = user()
    // Henry's first device redeems it, and its 7376 never reaches a relay.
    const unmarked: RelayHub = {
      ...hub,
      publish: (event, relays, options) =>
        event.kind === 7376
          ? Promise.reject(new Error('not published'))
          : hub.publish(event, relays, options),
    }
    const first = await walletOf(henry, mint.url, 0, unmarked)
    await infoOf(henry.pubkey)
    await alice.wallet.sendNutzap({ recipient: henry.pubkey, amount: 9, comment: '' })
    const [zap] = onRelay(NIP61_KINDS.nutzap, alice.pubkey)
    await balanceIs(first.wallet, 9, 'the nutzap redeemed on the first device')
    await backedUp(first.store, henry.pubkey)
    expect(markedOnRelay(henry.pubkey, zap?.id)).toBe(false)

    // His second device: the wallet restored from the relays (NIP-60), the same wallet key.
    const device = switchable(henry)
    const store = freshStore('nutzap')
    const second = startCashuWallet({ ...device, store, hub, pool: () => pool })
    await second.open()
    await until(() => second.view().relayWallet, 'the relay wallet found')
    await second.restoreFromRelays()
    await until(() => second.view().nutzaps.error !== null, 'the refusal')
    expect(second.view().nutzaps).toMatchObject({
      error: `${NUTZAP_ERRORS.redeemFailed}: ${NUTZAP_ERRORS.redeemedElsewhere}`,
      waiting: 0,
      redeeming: 0,
    })
    const record = await store.read(henry.pubkey)
    expect(record.nutzapsRefused).toEqual([zap?.id])
    expect(record.nutzapsWaiting).toEqual([])
    expect(record.opCounters).toEqual({})
    // Counted once: the 9 sats restored from the first device's backup.
    expect(second.view().total).toBe(9)

    // A reload does not try (or complain) again.
    await backedUp(store, henry.pubkey)
    device.set(null)
    device.set(henry.pubkey)
    const again = startCashuWallet({ ...device, store: store.reopen(), hub, pool: () => pool })
    await again.open()
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(again.view().nutzaps).toMatchObject({ error: null, waiting: 0 })
    expect(again.view().total).toBe(9)
  })

  it('waits for a locked key, and redeems once it is unlocked', async () => {
    const alice = await walletOf(user(), mint.url, 20)
    const erin = switchable(user())
    const first = await walletOf(erin)
    await infoOf(erin.pubkey)
    erin.set(null) // the first wallet closes
    await alice.wallet.sendNutzap({ recipient: erin.pubkey, amount: 5, comment: '' })
    // A reload with the saved key still locked: the wallet key cannot be read yet.
    let locked = true
    const wallet = startCashuWallet({
      login: erin.login,
      signer: () => (locked ? lockedSigner(erin.pubkey) : erin.signer()),
      store: first.store.reopen(),
      hub,
      pool: () => pool,
    })
    erin.set(erin.pubkey)
    await wallet.open()
    await until(() => wallet.view().nutzaps.error !== null, 'the failure')
    expect(wallet.view().nutzaps.error).toBe(`Failed to redeem nutzaps: ${KEY_LOCKED_MESSAGE}`)
    // Unlocked: the login changes, the nutzaps go on.
    locked = false
    erin.set(erin.pubkey)
    await balanceIs(wallet, 5, 'the redeemed nutzap')
    expect(wallet.view().nutzaps.error).toBeNull()
  })

  it('finishes a nutzap a reload interrupted after the mint swapped', async () => {
    const alice = switchable(user())
    const first = await walletOf(alice, mint.url, 64)
    const bob = await walletOf()
    await infoOf(bob.pubkey)
    // One page at a time on the database: the first wallet's relay backup has marked its proofs,
    // and then the wallet closes. Node has no Web Locks (cashu-store.ts), so a write of its still
    // in flight could otherwise land over the send's reservation (seen: "Not enough funds").
    await backedUp(first.store, alice.pubkey)
    alice.set(null)
    alice.set(alice.pubkey)
    let died!: () => void
    const dead = new Promise<void>((resolve) => {
      died = resolve
    })
    const dying = startCashuWallet({
      login: alice.login,
      signer: alice.signer,
      store: dyingWhenSigned(first.store.reopen(), died),
      hub,
      pool: () => pool,
    })
    await dying.open()
    void dying.sendNutzap({ recipient: bob.pubkey, amount: 21, comment: 'Interrupted' })
    await dead
    expect(onRelay(NIP61_KINDS.nutzap, alice.pubkey)).toEqual([])

    // The reload: the locked outputs are restored from the mint, the nutzap signed and sent;
    // the reservation settles the inputs and restores the change.
    const again = startCashuWallet({
      login: alice.login,
      signer: alice.signer,
      store: first.store.reopen(),
      hub,
      pool: () => pool,
    })
    await again.open()
    await until(() => onRelay(NIP61_KINDS.nutzap, alice.pubkey).length === 1, 'the nutzap')
    await balanceIs(again, 43, 'the settled change')
    await until(() => again.view().history.some((h) => h.nutzap), 'the history entry')
    expect(again.view().history[0]).toMatchObject({
      kind: 'send',
      amount: 21,
      nutzap: { peer: bob.pubkey, event: onRelay(NIP61_KINDS.nutzap, alice.pubkey)[0]?.id },
    })
    expect((await first.store.reopen().read(alice.pubkey)).nutzapsPending).toEqual([])
    await balanceIs(bob.wallet, 21, 'the redeemed nutzap')
  })
})

describe('nutzap relays (NIP-61 with NIP-65)', () => {
  const started: Awaited<ReturnType<typeof appRelays>>[] = []
  afterAll(async () => {
    await Promise.all(started.splice(0).map((relays) => relays.stop()))
  })

  /** A pool of its own and the auxiliary relays, as the app wires them. */
  async function network(entries: RelayEntry[]) {
    const relays = await appRelays(createVerifier([verifyApi]), entries)
    started.push(relays)
    return { hub: relays.hub, pool: () => relays.pool, opened: relays.opened }
  }

  it("goes to the relays of the recipient's 10019, is heard there, and its 7376 goes where the sender reads", async () => {
    const [aliceHome, bobHome, bobBox, aliceIn] = await Promise.all([
      startRelay({ seed: [] }),
      startRelay({ seed: [] }),
      startRelay({ seed: [] }),
      startRelay({ seed: [] }),
    ])
    try {
      // Bob's wallet on the shared relay first, to learn its key from his 10019; then it closes.
      const bobUser = switchable(user())
      const first = await walletOf(bobUser)
      const own = await infoOf(bobUser.pubkey)
      bobUser.set(null)
      // His 10019 as another device left it, naming a relay no pool here has.
      const elsewhere = finalizeEvent(
        nutzapInfoTemplate({ ...own!, relays: [bobBox.url] }, Math.floor(Date.now() / 1000) + 1),
        bobUser.key,
      )
      // It went to the relays that device writes to: bobHome, and aliceHome, where Alice finds it.
      await Promise.all([bobHome.publish(elsewhere), aliceHome.publish(elsewhere)])
      const alice = user()
      await bobHome.publish(
        finalizeEvent(
          {
            kind: 10002,
            created_at: Math.floor(Date.now() / 1000),
            tags: [
              ['r', aliceIn.url, 'read'],
              ['r', aliceHome.url, 'write'],
            ],
            content: '',
          },
          alice.key,
        ),
      )

      // Bob reopens where he only reads bobHome: his wallet cannot publish its own 10019 over
      // the other one, which stays what senders follow.
      const bobNet = await network([{ url: bobHome.url, permission: 'read' }])
      const bob = startCashuWallet({
        login: bobUser.login,
        signer: bobUser.signer,
        store: first.store.reopen(),
        hub: bobNet.hub,
        pool: bobNet.pool,
      })
      bobUser.set(bobUser.pubkey)
      await bob.open()
      // His inbox watches that relay too, opened for it.
      await until(() => bobNet.opened()[bobBox.url] !== undefined, "the watch on his 10019's relay")
      expect(bobNet.opened()[bobBox.url]).toEqual([{ kind: 'nutzap', pubkey: bobUser.pubkey }])

      // Alice writes to aliceHome; bobBox is outside her pool.
      const aliceNet = await network([{ url: aliceHome.url, permission: 'readwrite' }])
      const aliceWallet = startCashuWallet({
        ...alice,
        store: freshStore('nutzap'),
        hub: aliceNet.hub,
        pool: aliceNet.pool,
      })
      await aliceWallet.open()
      await aliceWallet.createSeed()
      await aliceWallet.addMint(mint.url)
      await deposit(aliceWallet, lightning, mint.url, 50)
      await aliceWallet.sendNutzap({ recipient: bobUser.pubkey, amount: 21, comment: '' })
      const event = aliceHome.events().find((e) => e.kind === NIP61_KINDS.nutzap)?.id
      expect(event).toBeDefined()
      expect(bobBox.events().some((e) => e.id === event)).toBe(true)
      expect(aliceNet.opened()[bobBox.url]).toEqual([{ kind: 'nutzap', pubkey: bobUser.pubkey }])

      // Heard on bobBox only (bobHome never had it), redeemed, marked where Alice reads.
      await balanceIs(bob, 21, 'the nutzap heard on his 10019 relay')
      expect(bobHome.events().some((e) => e.id === event)).toBe(false)
      await until(
        () => aliceIn.events().some((e) => e.kind === 7376 && e.pubkey === bobUser.pubkey),
        'the 7376 on her read relay',
      )
      expect(bobNet.opened()[aliceIn.url]).toEqual([{ kind: 'inbox', pubkeys: [alice.pubkey] }])
      bobUser.set(null)
    } finally {
      await Promise.all(started.splice(0).map((relays) => relays.stop()))
      await Promise.all([aliceHome, bobHome, bobBox, aliceIn].map((relay) => relay.close()))
    }
  })
})
