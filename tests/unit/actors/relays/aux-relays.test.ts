// Relays outside the pool, wired as the app wires them (actors/system/relays.ts): a real pool and
// real auxiliary sockets over ws, the real hub, real relays.
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { type Actor, createActor, waitFor } from 'xstate'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import { createRelaySockets } from '../../../../src/actors/relays/socket.effects.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { linkRelays, startRelayHub } from '../../../../src/actors/system/relays.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import { auxBudgetFull } from '../../../../src/core/relays/aux-relays.ts'
import { auxRelaysMachine } from '../../../../src/machines/aux-relays.machine.ts'
import { relayPoolMachine } from '../../../../src/machines/relay-pool.machine.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

const author = generateSecretKey()
const now = Math.floor(Date.now() / 1000)
const note = (content: string, ago: number): NostrEvent =>
  finalizeEvent({ kind: 1, created_at: now - ago, tags: [], content }, author)
const onPool = note('on the pool relay', 30)
const elsewhere = note('only on a relay outside the pool', 20)
const alsoElsewhere = note('only on a third relay', 10)

let pooled: RelayHandle
let outside: RelayHandle
let third: RelayHandle
beforeAll(async () => {
  pooled = await startRelay({ seed: [onPool] })
  outside = await startRelay({ seed: [elsewhere] })
  third = await startRelay({ seed: [alsoElsewhere] })
})
afterAll(async () => {
  closeVerifyApi()
  await Promise.all([pooled.close(), outside.close(), third.close()])
})

const running: Actor<typeof relayPoolMachine | typeof auxRelaysMachine>[] = []
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop()
})

/** The pool (one relay) and the auxiliary relays with this budget, linked to a hub. */
async function start(budget: number) {
  const sockets = createRelaySockets()
  const pool = createActor(relayPoolMachine.provide({ actors: { socket: sockets.machine } }), {
    input: { relays: [{ url: pooled.url, permission: 'readwrite' }] },
  })
  const aux = createActor(auxRelaysMachine.provide({ actors: { socket: sockets.machine } }), {
    input: { blacklist: [], budget },
  })
  running.push(pool, aux)
  const verifier = createVerifier([verifyApi])
  const signer = localKeySigner(new Secret(generateSecretKey()))
  const hub = startRelayHub({ verifier, signer: () => signer, pool: () => pool, aux: () => aux })
  pool.start()
  aux.start()
  linkRelays(pool, sockets, hub).addAux(aux)
  await waitFor(pool, ({ context }) => context.phase[pooled.url] === 'connected')
  return { hub, aux, pool }
}

describe('relays outside the pool', () => {
  it('are opened when a request names them, asked only by it, and kept with the reason', async () => {
    const { hub, aux } = await start(20)
    const reason = { kind: 'hint', id: elsewhere.id } as const
    const found = await hub.query([{ ids: [elsewhere.id] }], { relays: [outside.url], reason })
    expect(found.map((event) => event.id)).toEqual([elsewhere.id])
    expect(hub.seenOn(elsewhere.id)).toEqual([outside.url])
    const { links } = aux.getSnapshot().context
    expect(links.map((link) => link.url)).toEqual([outside.url])
    expect(links[0]?.reasons).toEqual([reason])
    expect(links[0]?.users).toBe(0)

    // A request that names no relay asks the pool only.
    const before = outside.stats().reqs
    const all = await hub.query([{ kinds: [1] }])
    expect(all.map((event) => event.id)).toEqual([onPool.id])
    expect(outside.stats().reqs).toBe(before)
  })

  it('keep why every request named them, the newest last, and when they were last asked for', async () => {
    const { hub, aux } = await start(20)
    const feed = { kind: 'outbox', pubkeys: ['a', 'b', 'c', 'd'] } as const
    const profile = { kind: 'outbox', pubkeys: ['d'] } as const
    await hub.query([{ kinds: [1] }], { relays: [outside.url], reason: feed })
    const opened = aux.getSnapshot().context.links[0]!.lastUsed
    await hub.query([{ kinds: [1] }], { relays: [outside.url], reason: profile })
    const [link] = aux.getSnapshot().context.links
    expect(link?.reasons).toEqual([feed, profile])
    expect(link?.lastUsed).toBeGreaterThan(opened)
    // Named again for the first reason: it moves to the end.
    await hub.query([{ kinds: [1] }], { relays: [outside.url], reason: feed })
    expect(aux.getSnapshot().context.links[0]?.reasons).toEqual([profile, feed])
  })

  it('count the subscriptions that name them, and take publishes named to them', async () => {
    const { hub, aux } = await start(20)
    const live = hub.subscribe(
      [{ kinds: [1] }],
      { onEvent: () => {} },
      {
        relays: [outside.url],
        reason: { kind: 'outbox', pubkeys: ['someone'] },
      },
    )
    expect(aux.getSnapshot().context.links[0]?.users).toBe(1)
    const fresh = note('published to a relay outside the pool', 1)
    const answers = await hub.publish(fresh, [outside.url], {
      reason: { kind: 'inbox', pubkeys: ['someone'] },
    })
    expect(answers).toEqual([{ relay: outside.url, ok: true, message: '' }])
    live.close()
    expect(aux.getSnapshot().context.links[0]?.users).toBe(0)
  })

  it('share one socket budget with the pool: a relay past it is skipped and the refusal kept', async () => {
    const { hub, aux } = await start(2)
    const held = hub.subscribe(
      [{ kinds: [1] }],
      { onEvent: () => {} },
      {
        relays: [outside.url],
        reason: { kind: 'outbox', pubkeys: ['a'] },
      },
    )
    const found = await hub.query([{ kinds: [1] }], {
      relays: [outside.url, third.url],
      reason: { kind: 'outbox', pubkeys: ['b'] },
    })
    const ids = found.map((event) => event.id)
    expect(ids).toContain(elsewhere.id)
    expect(ids).not.toContain(alsoElsewhere.id)
    const { context } = aux.getSnapshot()
    expect(context.links.map((link) => link.url)).toEqual([outside.url])
    expect(context.refused).toEqual([{ url: third.url, message: auxBudgetFull(2, third.url) }])
    expect(context.peak).toBe(2)
    held.close()
  })

  it("count a removed pool relay's socket until its close handshake completed", async () => {
    const CLOSE_DELAY_MS = 500
    const { aux, pool } = await start(2)
    expect(aux.getSnapshot().context.poolOpen).toBe(1)
    pooled.setFaults({ closeDelayMs: CLOSE_DELAY_MS })
    try {
      const removed = Date.now()
      pool.send({ type: 'pool.remove', url: pooled.url })
      expect(pool.getSnapshot().context.closing).toHaveLength(1)
      expect(aux.getSnapshot().context.poolOpen).toBe(1)
      await waitFor(aux, ({ context }) => context.poolOpen === 0)
      expect(Date.now() - removed).toBeGreaterThanOrEqual(CLOSE_DELAY_MS - 50)
      expect(pooled.stats().open).toBe(0)
      expect(pool.getSnapshot().context.closing).toEqual([])
    } finally {
      pooled.setFaults(undefined)
    }
  })

  it('count a closed socket until its close handshake completed: the relay in its place waits', async () => {
    const CLOSE_DELAY_MS = 800
    const slow = await startRelay({ seed: [elsewhere], faults: { closeDelayMs: CLOSE_DELAY_MS } })
    try {
      const { hub, aux } = await start(2)
      await hub.query([{ kinds: [1] }], {
        relays: [slow.url],
        reason: { kind: 'outbox', pubkeys: ['a'] },
      })
      expect(slow.stats().open).toBe(1)
      // The sockets the relays hold open, sampled while the slow relay's socket gives way.
      let most = 0
      const sample = setInterval(() => {
        const open = pooled.stats().open + slow.stats().open + third.stats().open
        most = Math.max(most, open)
      }, 10)
      const asked = Date.now()
      const found = await hub.query([{ kinds: [1] }], {
        relays: [third.url],
        reason: { kind: 'outbox', pubkeys: ['b'] },
      })
      clearInterval(sample)
      // The third relay was asked once the slow one's close completed, and answered.
      expect(found.map((event) => event.id)).toEqual([alsoElsewhere.id])
      expect(Date.now() - asked).toBeGreaterThanOrEqual(CLOSE_DELAY_MS - 50)
      expect(slow.stats().open).toBe(0)
      expect(most).toBeLessThanOrEqual(2)
      const { context } = aux.getSnapshot()
      expect(context.links.map((link) => link.url)).toEqual([third.url])
      expect(context).toMatchObject({ closing: [], queued: [], peak: 2 })
    } finally {
      await slow.close()
    }
  })
})
