// The outbox against real relays: the real pool and socket machines over ws, the real hub with
// the verify API over a MessageChannel, a real key signer, the publish machine with its real
// effects, a real QueryClient, and the queue stored in IndexedDB (fake-indexeddb in Node).
import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createActor, waitFor } from 'xstate'
import { noteKey } from '../../../../src/actors/feed/note-queries.ts'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import { createOwnEvents } from '../../../../src/actors/people/own-events.ts'
import { idbStore } from '../../../../src/actors/platform/idb-store.ts'
import type { PublishDeps } from '../../../../src/actors/publish/publish.effects.ts'
import type { PublishQueue } from '../../../../src/actors/publish/publish-queue.effects.ts'
import {
  type PublishQueueStore,
  publishQueueStore,
} from '../../../../src/actors/publish/publish-queue-store.ts'
import { createOutboxRelays } from '../../../../src/actors/relays/outbox-relays.ts'
import type { RelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { startPublishQueue } from '../../../../src/actors/system/publish-queue.ts'
import { publishLogic, publishOnce } from '../../../../src/actors/system/publishing.ts'
import { ownActionKey } from '../../../../src/core/feed/own-actions.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import { PUBLISH_QUEUE_TEXTS } from '../../../../src/core/publish/publish-queue.ts'
import { queuedMarkKey } from '../../../../src/core/publish/queued-mark.ts'
import type { RelayEntry } from '../../../../src/core/relays/relay-list.ts'
import { NO_ANSWER } from '../../../../src/core/relays/relay-messages.ts'
import { publishStep } from '../../../../src/machines/publish.machine.ts'
import type { RelayPoolActorRef } from '../../../../src/machines/relay-pool.machine.ts'
import { loseOks, refuseWrites } from '../../../peers/faults.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'
import { appRelays } from '../relays/app-relays.ts'
import { linkedPool } from '../relays/real-hub.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

const REFUSAL = 'blocked: not from you'
const me = generateSecretKey()
const mePub = getPublicKey(me)
const alice = generateSecretKey()
const root = finalizeEvent(
  { kind: 1, created_at: Math.floor(Date.now() / 1000) - 60, tags: [], content: 'root' },
  alice,
)

let home: RelayHandle
let refusing: RelayHandle
const pools: RelayPoolActorRef[] = []
const outboxes: PublishQueue[] = []
let databases = 0

beforeAll(async () => {
  home = await startRelay({ seed: [root] })
  refusing = await startRelay({ seed: [], faults: refuseWrites(REFUSAL) })
})
afterAll(async () => {
  closeVerifyApi()
  await Promise.all([home.close(), refusing.close()])
})
afterEach(async () => {
  for (const outbox of outboxes.splice(0)) outbox.stop()
  const settled = (snapshot: ReturnType<RelayPoolActorRef['getSnapshot']>) =>
    !Object.values(snapshot.context.phase).includes('connecting')
  await Promise.all(pools.map((pool) => waitFor(pool, settled, { timeout: 10_000 })))
  for (const pool of pools.splice(0)) pool.stop()
})

/** The browser's network as the outbox sees it: a flag and the window's online/offline events. */
function network(online: boolean) {
  const events = new EventTarget()
  const state = { online }
  return {
    events,
    online: () => state.online,
    set(value: boolean) {
      state.online = value
      events.dispatchEvent(new Event(value ? 'online' : 'offline'))
    },
  }
}

interface World {
  hub: RelayHub
  pool: RelayPoolActorRef
  queryClient: QueryClient
  store: PublishQueueStore
  net: ReturnType<typeof network>
  outbox(): PublishQueue
  publishDeps: PublishDeps
}

/** A pool of real sockets linked to a hub as the app links them, and an outbox over it. */
function world(relays: RelayEntry[], { online = false, store = freshStore() } = {}): World {
  const { pool, hub } = linkedPool(createVerifier([verifyApi]), relays, {
    hub: { publishTimeoutMs: 1500 },
    permission: 'write',
  })
  pools.push(pool)
  const queryClient = new QueryClient()
  const net = network(online)
  let outbox: PublishQueue | undefined
  const start = () => {
    if (outbox) return outbox
    outbox = startPublishQueue({
      hub,
      // The app with its pool running already: nothing more to watch for.
      app: {
        getSnapshot: () => ({ children: { relays: pool } }),
        subscribe: () => ({ unsubscribe() {} }),
      },
      queryClient,
      store,
      online: net.online,
      network: net.events,
      lists: createOutboxRelays(hub),
    })
    outboxes.push(outbox)
    return outbox
  }
  const signer = localKeySigner(new Secret(me))
  return {
    hub,
    pool,
    queryClient,
    store,
    net,
    outbox: start,
    publishDeps: {
      hub,
      signer: () => signer,
      pubkey: () => mePub,
      pool: () => pool,
      queryClient,
      online: net.online,
      publishQueue: async () => start(),
    },
  }
}

function freshStore(): PublishQueueStore {
  return publishQueueStore(idbStore(`outbox-test-${++databases}`, 'events'))
}

const stored = (relay: RelayHandle, id: string): NostrEvent | undefined =>
  relay.events().find((event) => event.id === id)

/** Publishes a note and waits for where it first ends: published, queued or failed. */
async function publishNote(deps: PublishDeps, content: string) {
  const { actor, end } = await composeNote(deps, content)
  actor.stop()
  return end
}

/** As a composer does: the publish actor keeps running after its first end. */
async function composeNote(deps: PublishDeps, content: string) {
  const actor = createActor(publishLogic(deps)).start()
  actor.send({ type: 'publish.submitted', request: { kind: 'note', content } })
  const end = await waitFor(
    actor,
    (s) => s.matches('published') || s.matches('queued') || s.matches('failed'),
    { timeout: 15_000 },
  )
  return { actor, end }
}

const untilIdle = (outbox: PublishQueue) =>
  waitFor(outbox.actor, (s) => s.matches('idle'), { timeout: 15_000 })

describe('publishing online when no relay answers', () => {
  it('a relay that took the note and whose OK was lost: queued, not failed, and sent again as the same event', async () => {
    const lossy = await startRelay({ seed: [], faults: loseOks() })
    try {
      const w = world([{ url: lossy.url, permission: 'readwrite' }], { online: true })
      const { actor, end } = await composeNote(w.publishDeps, 'written in a tunnel')
      expect(publishStep(end)).toBe('queued')
      expect(end.context.error).toBeNull()
      expect(end.context.results).toEqual([{ relay: lossy.url, ok: false, message: NO_ANSWER }])
      const event = end.context.event!
      // The relay has it already; the app could not know.
      expect(stored(lossy, event.id)).toMatchObject({ id: event.id })
      expect((await w.store.read()).map((entry) => entry.event.id)).toEqual([event.id])
      expect(w.queryClient.getQueryData(queuedMarkKey(event.id))).toBe(true)
      // The answers come through again, on a new connection (keep-alive opens one when a ping
      // goes unanswered): the queue sends the same event, which the relay has ('duplicate:'),
      // and it leaves the queue. One note, one id.
      await lossy.stop()
      lossy.setFaults(undefined)
      await lossy.start()
      await untilIdle(w.outbox())
      expect(await w.store.read()).toEqual([])
      expect(w.queryClient.getQueryData(queuedMarkKey(event.id))).toBeUndefined()
      expect(lossy.events().filter((stored) => stored.pubkey === mePub)).toHaveLength(1)
      // The composer that queued it learns it went: published, the first try's answers gone.
      const after = await waitFor(actor, (s) => s.matches('published'))
      expect(after.context).toMatchObject({ results: [], error: null, event })
      actor.stop()
    } finally {
      await lossy.close()
    }
  })

  it('a relay that refuses is not asked again: the publish fails with its reason', async () => {
    const w = world([{ url: refusing.url, permission: 'readwrite' }], { online: true })
    const end = await publishNote(w.publishDeps, 'refused, not lost')
    expect(publishStep(end)).toBe('failed')
    expect(end.context.error).toBe(`Publish failed: ${refusing.url}: ${REFUSAL}`)
    expect(await w.store.read()).toEqual([])
  })
})

describe('publishing offline', () => {
  it('signs the note, stores it and shows it pending; back online it goes out and the mark goes', async () => {
    const w = world([{ url: home.url, permission: 'readwrite' }])
    const { actor, end } = await composeNote(w.publishDeps, 'written on a train')
    expect(publishStep(end)).toBe('queued')
    const event = end.context.event!
    expect(event.pubkey).toBe(mePub)
    // Not sent: stored, and shown as the user's own note with its pending mark.
    expect(stored(home, event.id)).toBeUndefined()
    expect((await w.store.read()).map((entry) => entry.event.sig)).toEqual([event.sig])
    expect(w.queryClient.getQueryData(noteKey(event.id))).toMatchObject({ id: event.id })
    expect(w.queryClient.getQueryData(queuedMarkKey(event.id))).toBe(true)
    expect(w.outbox().actor.getSnapshot().value).toBe('waiting')
    expect(publishStep(actor.getSnapshot())).toBe('queued')

    w.net.set(true)
    await untilIdle(w.outbox())
    expect(stored(home, event.id)).toMatchObject({ id: event.id, sig: event.sig })
    expect(await w.store.read()).toEqual([])
    expect(w.queryClient.getQueryData(queuedMarkKey(event.id))).toBeUndefined()
    expect(publishStep(actor.getSnapshot())).toBe('published')
    actor.stop()
  })

  it('queues a like too: the button shows it at once, the relay gets it once online', async () => {
    const w = world([{ url: home.url, permission: 'readwrite' }])
    const target = { id: root.id, pubkey: root.pubkey, kind: 1 }
    expect(await publishOnce(w.publishDeps, { kind: 'reaction', target })).toBeNull()
    const likeId = w.queryClient.getQueryData<string>(ownActionKey('reacted', mePub, root.id))!
    expect(w.queryClient.getQueryData(queuedMarkKey(likeId))).toBe(true)
    w.net.set(true)
    await untilIdle(w.outbox())
    expect(stored(home, likeId)).toMatchObject({ kind: 7, pubkey: mePub })
  })

  it('queues a repost without the original it cannot fetch (NIP-18: the content may be empty)', async () => {
    const w = world([{ url: home.url, permission: 'readwrite' }])
    const target = { id: root.id, pubkey: root.pubkey }
    expect(await publishOnce(w.publishDeps, { kind: 'repost', target })).toBeNull()
    const repostId = w.queryClient.getQueryData<string>(ownActionKey('reposted', mePub, root.id))!
    w.net.set(true)
    await untilIdle(w.outbox())
    const repost = stored(home, repostId)
    expect(repost).toMatchObject({ kind: 6, pubkey: mePub, content: '' })
    expect(repost?.tags.slice(0, 2)).toEqual([
      ['e', root.id, home.url],
      ['p', root.pubkey],
    ])
  })

  it('after a reload the stored queue is shown again and sent once online', async () => {
    const store = freshStore()
    const before = world([{ url: home.url, permission: 'readwrite' }], { store })
    const end = await publishNote(before.publishDeps, 'kept across a reload')
    const event = end.context.event!
    before.outbox().stop()

    const after = world([{ url: home.url, permission: 'readwrite' }], { store })
    const outbox = after.outbox()
    await waitFor(outbox.actor, (s) => s.matches('waiting'))
    expect(outbox.actor.getSnapshot().context.queue.map((entry) => entry.event.id)).toEqual([
      event.id,
    ])
    expect(after.queryClient.getQueryData(noteKey(event.id))).toMatchObject({ id: event.id })
    expect(after.queryClient.getQueryData(queuedMarkKey(event.id))).toBe(true)
    after.net.set(true)
    await untilIdle(outbox)
    expect(stored(home, event.id)).toMatchObject({ id: event.id, sig: event.sig })
  })

  it('drops an event every relay refuses for good, with the reason to show', async () => {
    const w = world([{ url: refusing.url, permission: 'readwrite' }])
    const { actor, end } = await composeNote(w.publishDeps, 'not welcome there')
    const event = end.context.event!
    w.net.set(true)
    await untilIdle(w.outbox())
    const { drops, queue } = w.outbox().actor.getSnapshot().context
    expect(queue).toEqual([])
    const drop = {
      id: event.id,
      kind: 1,
      excerpt: 'not welcome there',
      reason: `${refusing.url}: ${REFUSAL}`,
    }
    expect(drops).toEqual([drop])
    expect(refusing.events().some((held) => held.id === event.id)).toBe(false)
    // The composer that queued it says so: failed, with the queue's message.
    const failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.error).toBe(
      `Not sent: "not welcome there" was refused by ${refusing.url}: ${REFUSAL}`,
    )
    expect(failed.context.error).toBe(PUBLISH_QUEUE_TEXTS.dropped(drop))
    actor.stop()
    expect(await w.store.read()).toEqual([])
    expect(w.queryClient.getQueryData(queuedMarkKey(event.id))).toBeUndefined()
  })

  it('a like no relay will take is dropped and its button can be used again', async () => {
    const w = world([{ url: refusing.url, permission: 'readwrite' }])
    const target = { id: root.id, pubkey: root.pubkey, kind: 1 }
    expect(await publishOnce(w.publishDeps, { kind: 'reaction', target })).toBeNull()
    const liked = ownActionKey('reacted', mePub, root.id)
    expect(w.queryClient.getQueryData(liked)).toBeDefined()
    w.net.set(true)
    await untilIdle(w.outbox())
    const [drop] = w.outbox().actor.getSnapshot().context.drops
    expect(drop).toMatchObject({ kind: 7, excerpt: 'your like' })
    expect(w.queryClient.getQueryData(liked)).toBeUndefined()
  })

  it('keeps an event no relay could take (the relay is down) and sends it when the relay is back', async () => {
    const flaky = await startRelay({ seed: [] })
    try {
      const w = world([{ url: flaky.url, permission: 'readwrite' }])
      const end = await publishNote(w.publishDeps, 'the relay is down')
      const event = end.context.event!
      await flaky.stop()
      w.net.set(true)
      const outbox = w.outbox()
      await waitFor(outbox.actor, (s) => s.matches('retrying'), { timeout: 15_000 })
      expect((await w.store.read()).map((entry) => entry.event.id)).toEqual([event.id])
      // The relay comes back: its socket reconnects, and the outbox tries at once.
      await flaky.start()
      await untilIdle(outbox)
      expect(stored(flaky, event.id)).toMatchObject({ id: event.id, sig: event.sig })
    } finally {
      await flaky.close()
    }
  }, 60_000)

  it('sends at once when online and a write relay is there: nothing is queued', async () => {
    const w = world([{ url: home.url, permission: 'readwrite' }], { online: true })
    const end = await publishNote(w.publishDeps, 'online as usual')
    expect(publishStep(end)).toBe('published')
    expect(await w.store.read()).toEqual([])
  })
})

describe('replaceable events are not queued', () => {
  it('the outbox refuses a follow list', async () => {
    const w = world([{ url: home.url, permission: 'readwrite' }])
    const contacts = finalizeEvent({ kind: 3, created_at: 1, tags: [], content: '' }, me)
    await expect(w.outbox().enqueue(contacts)).rejects.toThrow(
      PUBLISH_QUEUE_TEXTS.replaceableOffline,
    )
    expect(await w.store.read()).toEqual([])
  })

  it('follows and mutes refuse offline with the message, before reading or signing', async () => {
    const w = world([{ url: home.url, permission: 'readwrite' }])
    const own = createOwnEvents({
      hub: w.hub,
      signer: () => localKeySigner(new Secret(me)),
      pool: () => w.pool,
      online: () => false,
    })
    await expect(own.read(3, mePub, 1, 'unreadable')).rejects.toThrow(
      PUBLISH_QUEUE_TEXTS.replaceableOffline,
    )
    await expect(
      own.publish({ kind: 10000, created_at: 1, tags: [], content: '' }, mePub),
    ).rejects.toThrow(PUBLISH_QUEUE_TEXTS.replaceableOffline)
  })
})

describe('inbox routing (NIP-65) of a queued event', () => {
  const dave = generateSecretKey()
  let lists: RelayHandle
  let aliceIn: RelayHandle
  /** Takes the socket and never answers: a relay out of reach. */
  let silent: RelayHandle
  const started: Awaited<ReturnType<typeof appRelays>>[] = []

  beforeAll(async () => {
    aliceIn = await startRelay({ seed: [] })
    silent = await startRelay({ seed: [], faults: { dropAll: true } })
    const list = (key: Uint8Array, tags: string[][]) =>
      finalizeEvent({ kind: 10002, created_at: 1, tags, content: '' }, key)
    lists = await startRelay({
      seed: [
        root,
        list(alice, [['r', aliceIn.url, 'read']]),
        list(dave, [['r', silent.url, 'read']]),
      ],
    })
  })
  afterEach(async () => {
    await Promise.all(started.splice(0).map((relays) => relays.stop()))
  })
  afterAll(async () => {
    await Promise.all([lists.close(), aliceIn.close(), silent.close()])
  })

  /** Offline, over our pool and the auxiliary relays as the app wires them. */
  async function offline(pool: RelayEntry[]) {
    const relays = await appRelays(createVerifier([verifyApi]), pool)
    started.push(relays)
    const queryClient = new QueryClient()
    const net = network(false)
    const queue = startPublishQueue({
      hub: relays.hub,
      app: {
        getSnapshot: () => ({ children: { relays: relays.pool } }),
        subscribe: () => ({ unsubscribe() {} }),
      },
      queryClient,
      store: freshStore(),
      online: net.online,
      network: net.events,
      lists: createOutboxRelays(relays.hub),
    })
    outboxes.push(queue)
    const signer = localKeySigner(new Secret(me))
    const publishDeps: PublishDeps = {
      hub: relays.hub,
      signer: () => signer,
      pubkey: () => mePub,
      pool: () => relays.pool,
      queryClient,
      online: net.online,
      publishQueue: async () => queue,
    }
    return { queue, queryClient, net, publishDeps, opened: relays.opened }
  }

  it("sends a like, once online, to where the liked note's author reads too", async () => {
    const w = await offline([{ url: lists.url, permission: 'readwrite' }])
    const target = { id: root.id, pubkey: root.pubkey, kind: 1 }
    expect(await publishOnce(w.publishDeps, { kind: 'reaction', target })).toBeNull()
    const likeId = w.queryClient.getQueryData<string>(ownActionKey('reacted', mePub, root.id))!
    w.net.set(true)
    await untilIdle(w.queue)
    expect(stored(lists, likeId)).toMatchObject({ kind: 7 })
    expect(stored(aliceIn, likeId)).toMatchObject({ kind: 7 })
    expect(w.opened()).toEqual({
      [aliceIn.url]: [{ kind: 'inbox', pubkeys: [root.pubkey] }],
    })
  })

  it('drops what our relays refuse for good, though an inbox relay is out of reach', async () => {
    const w = await offline([
      { url: refusing.url, permission: 'readwrite' },
      { url: lists.url, permission: 'read' },
    ])
    const target = { id: root.id, pubkey: getPublicKey(dave), kind: 1 }
    expect(await publishOnce(w.publishDeps, { kind: 'reaction', target })).toBeNull()
    w.net.set(true)
    await untilIdle(w.queue)
    const { drops, queue } = w.queue.actor.getSnapshot().context
    expect(queue).toEqual([])
    expect(drops).toHaveLength(1)
    expect(drops[0]?.reason).toContain(`${refusing.url}: ${REFUSAL}`)
    // dave's relay was tried too, and never answered.
    expect(drops[0]?.reason).toContain(`${silent.url}: no answer in time`)
  })
})
