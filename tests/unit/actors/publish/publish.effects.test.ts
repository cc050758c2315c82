// Publishing against real relays: the real pool and socket machines over ws, the real hub with the
// verify API over a MessageChannel, a real key signer, a real QueryClient and the publish machine
// with its real effects. One relay accepts; the other refuses every event (tests/peers/faults.ts).
import { QueryClient } from '@tanstack/react-query'
import { minePow } from 'nostr-tools/nip13'
import { npubEncode } from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { type Actor, createActor, fromPromise, waitFor } from 'xstate'
import { feedKey, feedQueryOptions } from '../../../../src/actors/feed/feed-queries.ts'
import { noteKey } from '../../../../src/actors/feed/note-queries.ts'
import { threadKey, threadQueryOptions } from '../../../../src/actors/feed/thread-queries.ts'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import {
  type PublishDeps,
  relayHint,
  writeRelays,
} from '../../../../src/actors/publish/publish.effects.ts'
import { createInboxRelays, INBOX_LOOKUP_MS } from '../../../../src/actors/relays/inbox-relays.ts'
import { createOutboxRelays } from '../../../../src/actors/relays/outbox-relays.ts'
import { SIGNER_MISMATCH } from '../../../../src/actors/relays/relay-list.effects.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { publishLogic, publishOnce } from '../../../../src/actors/system/publishing.ts'
import type { FeedEntry } from '../../../../src/core/feed/feed-entry.ts'
import type { Note } from '../../../../src/core/feed/note.ts'
import { ownActionKey } from '../../../../src/core/feed/own-actions.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import { POW_ERRORS } from '../../../../src/core/publish/nip13.ts'
import type { PublishRequest } from '../../../../src/core/publish/publish-request.ts'
import type { RelayEntry } from '../../../../src/core/relays/relay-list.ts'
import { isPublished, type PublishMachine } from '../../../../src/machines/publish.machine.ts'
import type { RelayPoolActorRef } from '../../../../src/machines/relay-pool.machine.ts'
import { refuseWrites } from '../../../peers/faults.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'
import { appRelays } from '../relays/app-relays.ts'
import { linkedPool } from '../relays/real-hub.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

const REFUSAL = 'blocked: not here'
const now = Math.floor(Date.now() / 1000)
const alice = generateSecretKey()
const me = generateSecretKey()
const mePub = getPublicKey(me)
const root = finalizeEvent({ kind: 1, created_at: now - 60, tags: [], content: 'root' }, alice)

let home: RelayHandle
let refusing: RelayHandle
const pools: RelayPoolActorRef[] = []
const actors: Actor<PublishMachine>[] = []

beforeAll(async () => {
  home = await startRelay({ seed: [root] })
  refusing = await startRelay({ seed: [], faults: refuseWrites(REFUSAL) })
})
afterAll(async () => {
  closeVerifyApi()
  await Promise.all([home.close(), refusing.close()])
})
afterEach(async () => {
  for (const actor of actors.splice(0)) actor.stop()
  // ws (unlike a browser) throws when a socket still connecting is closed: let them settle.
  const settled = (snapshot: ReturnType<RelayPoolActorRef['getSnapshot']>) =>
    !Object.values(snapshot.context.phase).includes('connecting')
  await Promise.all(pools.map((pool) => waitFor(pool, settled, { timeout: 10_000 })))
  for (const pool of pools.splice(0)) pool.stop()
})

/** A pool of real sockets linked to a hub as the app links them (write-only relays idle). */
function world(relays: RelayEntry[], overrides: Partial<PublishDeps> = {}): PublishDeps {
  const { pool, hub } = linkedPool(createVerifier([verifyApi]), relays, {
    permission: 'write',
  })
  pools.push(pool)
  const signer = localKeySigner(new Secret(me))
  return {
    hub,
    signer: () => signer,
    pubkey: () => mePub,
    pool: () => pool,
    queryClient: new QueryClient(),
    ...overrides,
  }
}

const both = (): RelayEntry[] => [
  { url: home.url, permission: 'readwrite' },
  { url: refusing.url, permission: 'write' },
]

/** Publishes and waits until every relay has answered. */
async function publish(deps: PublishDeps, request: PublishRequest) {
  const actor = createActor(publishLogic(deps)).start()
  actors.push(actor)
  actor.send({ type: 'publish.submitted', request })
  return waitFor(actor, (s) => s.matches('published') || s.matches('failed'), { timeout: 15_000 })
}

const stored = (relay: RelayHandle, id: string | undefined): NostrEvent | undefined =>
  relay.events().find((event) => event.id === id)

describe('writeRelays and relayHint', () => {
  it('publishes to write and readwrite relays; hints the first read relay, normalised', () => {
    const entries: RelayEntry[] = [
      { url: 'wss://w.example', permission: 'write' },
      { url: 'wss://R.example/', permission: 'read' },
      { url: 'wss://rw.example', permission: 'readwrite' },
      { url: 'wss://i.example', permission: 'indexer' },
      { url: 'wss://w.example', permission: 'write' },
    ]
    expect(writeRelays(entries)).toEqual(['wss://w.example', 'wss://rw.example'])
    expect(relayHint(entries)).toBe('wss://r.example')
    expect(relayHint([{ url: 'wss://w.example', permission: 'write' }])).toBe('')
  })
})

describe('publishing a note', () => {
  it('sends it to every write relay and shows each answer: accepted, or refused with the reason', async () => {
    const deps = world(both())
    const content = `hello #Plume nostr:${npubEncode(getPublicKey(alice))}`
    const end = await publish(deps, { kind: 'note', content })
    expect(end.value).toBe('published')
    const event = end.context.event!
    expect(event.pubkey).toBe(mePub)
    expect(end.context.results).toEqual(
      expect.arrayContaining([
        { relay: home.url, ok: true, message: '' },
        { relay: refusing.url, ok: false, message: REFUSAL },
      ]),
    )
    expect(stored(home, event.id)?.tags).toEqual([
      ['t', 'plume'],
      ['p', getPublicKey(alice)],
      ['client', 'Plume'],
    ])
    // At once in its own query.
    expect(deps.queryClient.getQueryData<Note>(noteKey(event.id))?.content).toBe(content)
  })

  it('shows in a loaded feed at once, as a live row', async () => {
    const deps = world(both())
    const hub = deps.hub as Parameters<typeof feedQueryOptions>[0]
    await deps.queryClient.prefetchInfiniteQuery(feedQueryOptions(hub))
    const end = await publish(deps, { kind: 'note', content: 'live row' })
    const rows = deps.queryClient.getQueryData<FeedEntry[]>([...feedKey, 'live'])
    expect(rows?.map((row) => row.id)).toContain(end.context.event!.id)
  })

  it("fails when every relay refuses: 'Publish failed: {relay}: {reason}'", async () => {
    const deps = world([{ url: refusing.url, permission: 'readwrite' }])
    const end = await publish(deps, { kind: 'note', content: 'nobody wants this' })
    expect(end.context.error).toBe(`Publish failed: ${refusing.url}: ${REFUSAL}`)
    expect(deps.queryClient.getQueryData(noteKey(end.context.event!.id))).toBeUndefined()
  })

  it('signs what the prepare step (proof of work) made of it', async () => {
    const deps = world(both(), {
      prepare: fromPromise(async ({ input }) => {
        const { id, pubkey, ...mined } = minePow({ ...input.template, pubkey: mePub }, 8)
        return mined
      }),
    })
    const end = await publish(deps, { kind: 'note', content: 'mined' })
    const nonce = stored(home, end.context.event?.id)?.tags.find((tag) => tag[0] === 'nonce')
    expect(nonce?.[2]).toBe('8')
  })

  it('refuses a signed event whose work does not hold, before any relay sees it', async () => {
    const deps = world(both(), {
      // A nonce tag claiming 24 bits that were never mined.
      prepare: fromPromise(async ({ input }) => ({
        ...input.template,
        tags: [...input.template.tags, ['nonce', '42', '24']],
      })),
    })
    const end = await publish(deps, { kind: 'note', content: 'not mined' })
    expect(end.context.error).toBe(POW_ERRORS.signedEventTooWeak)
    expect(home.events().some((event) => event.content === 'not mined')).toBe(false)
  })
})

describe('replies, quotes, reactions and reposts', () => {
  const target = { id: root.id, pubkey: root.pubkey }

  it('a reply tags the root and joins a loaded thread at once', async () => {
    const deps = world(both())
    const hub = deps.hub as Parameters<typeof threadQueryOptions>[0]
    await deps.queryClient.prefetchQuery(threadQueryOptions(hub, root.id))
    const end = await publish(deps, {
      kind: 'reply',
      content: 'a reply',
      parent: { ...target, tags: root.tags },
    })
    const reply = stored(home, end.context.event?.id)!
    expect(reply.tags.slice(0, 2)).toEqual([
      ['e', root.id, home.url, 'root', root.pubkey],
      ['p', root.pubkey],
    ])
    const thread = deps.queryClient.getQueryData<Note[]>(threadKey(root.id))
    expect(thread?.map((note) => note.id)).toContain(reply.id)
  })

  it('a quote carries the q tag and the reference', async () => {
    const deps = world(both())
    const end = await publish(deps, { kind: 'quote', content: 'look', target })
    const quote = stored(home, end.context.event?.id)!
    expect(quote.tags[0]).toEqual(['q', root.id, home.url, root.pubkey])
    expect(quote.content).toMatch(/^look\n\nnostr:nevent1/)
  })

  it('a like is kind 7 and marks the note liked', async () => {
    const deps = world(both())
    expect(await publishOnce(deps, { kind: 'reaction', target })).toBeNull()
    const like = home.events().find((e) => e.kind === 7 && e.pubkey === mePub)!
    expect(like.content).toBe('+')
    expect(deps.queryClient.getQueryData(ownActionKey('reacted', mePub, root.id))).toBe(like.id)
  })

  it('a repost carries the original fetched from the relays, and marks the note reposted', async () => {
    const deps = world(both())
    await deps.queryClient.prefetchInfiniteQuery(
      feedQueryOptions(deps.hub as Parameters<typeof feedQueryOptions>[0]),
    )
    const end = await publish(deps, { kind: 'repost', target })
    expect(isPublished(end)).toBe(true)
    const repost = stored(home, end.context.event?.id)!
    expect(repost.kind).toBe(6)
    expect(JSON.parse(repost.content)).toEqual(JSON.parse(JSON.stringify(root)))
    expect(deps.queryClient.getQueryData(ownActionKey('reposted', mePub, root.id))).toBe(repost.id)
    const rows = deps.queryClient.getQueryData<FeedEntry[]>([...feedKey, 'live'])
    expect(rows?.find((row) => row.id === repost.id)?.note?.id).toBe(root.id)
  })
})

describe('the checks before signing (spec §5)', () => {
  it("'Nostr client not ready' without a running pool", async () => {
    const deps = world(both(), { pool: () => undefined })
    expect(await publishOnce(deps, { kind: 'note', content: 'x' })).toBe('Nostr client not ready')
  })

  it("'No relays configured' with no write relay", async () => {
    const deps = world([{ url: home.url, permission: 'read' }])
    expect(await publishOnce(deps, { kind: 'note', content: 'x' })).toBe('No relays configured')
  })

  it("'Invalid target event' for a malformed target or a note no relay has", async () => {
    const deps = world(both())
    const bad = { id: 'nope', pubkey: root.pubkey }
    expect(await publishOnce(deps, { kind: 'reaction', target: bad })).toBe('Invalid target event')
    const unknown = { id: 'ab'.repeat(32), pubkey: root.pubkey }
    expect(await publishOnce(deps, { kind: 'repost', target: unknown })).toBe(
      'Invalid target event',
    )
  })

  it('refuses an event signed by someone else than the logged-in account', async () => {
    const deps = world(both(), { pubkey: () => getPublicKey(alice) })
    expect(await publishOnce(deps, { kind: 'note', content: 'x' })).toBe(SIGNER_MISMATCH)
  })
})

describe('inbox routing (NIP-65): the read relays of the people an event names', () => {
  const bob = generateSecretKey()
  const bobPub = getPublicKey(bob)
  const target = { id: root.id, pubkey: root.pubkey }
  let lists: RelayHandle
  let slowRelay: RelayHandle
  /** alice reads on aliceIn (and on lists, ours); bob on three relays. None is in a pool. */
  const inbox: Record<string, RelayHandle> = {}
  const started: Awaited<ReturnType<typeof appRelays>>[] = []

  const relayList = (key: Uint8Array, tags: string[][]) =>
    finalizeEvent({ kind: 10002, created_at: now - 10, tags, content: '' }, key)

  beforeAll(async () => {
    for (const name of ['aliceIn', 'aliceOut', 'bob1', 'bob2', 'bob3']) {
      inbox[name] = await startRelay({ seed: [] })
    }
    const { aliceIn, aliceOut, bob1, bob2, bob3 } = inbox as Record<string, RelayHandle>
    const listsOf = (ours: string) => [
      relayList(alice, [
        ['r', aliceIn!.url, 'read'],
        ['r', aliceOut!.url, 'write'],
        ['r', ours],
      ]),
      relayList(bob, [
        ['r', bob1!.url, 'read'],
        ['r', bob2!.url, 'read'],
        ['r', bob3!.url, 'read'],
      ]),
    ]
    lists = await startRelay({ seed: [root] })
    for (const event of listsOf(lists.url)) await lists.publish(event)
    // A relay that answers only after the bound: the lists it holds come too late.
    slowRelay = await startRelay({ seed: listsOf(lists.url), faults: { delayMs: 5000 } })
  })
  afterAll(async () => {
    await Promise.all([lists, slowRelay, ...Object.values(inbox)].map((relay) => relay.close()))
  })
  afterEach(async () => {
    await Promise.all(started.splice(0).map((relays) => relays.stop()))
  })

  /** Our pool and the auxiliary relays as the app wires them, and publishing over them. */
  async function routed(pool: RelayEntry[]) {
    const relays = await appRelays(createVerifier([verifyApi]), pool)
    started.push(relays)
    const signer = localKeySigner(new Secret(me))
    const deps: PublishDeps = {
      hub: relays.hub,
      signer: () => signer,
      pubkey: () => mePub,
      pool: () => relays.pool,
      queryClient: new QueryClient(),
      inbox: createInboxRelays(createOutboxRelays(relays.hub)),
    }
    return { deps, opened: relays.opened }
  }

  const holds = (relay: RelayHandle | undefined, id: string) =>
    relay!.events().some((event) => event.id === id)

  it('sends a reply to our write relays and two read relays of each person it names', async () => {
    const { deps, opened } = await routed([{ url: lists.url, permission: 'readwrite' }])
    const end = await publish(deps, {
      kind: 'reply',
      content: `and you, nostr:${npubEncode(bobPub)}`,
      parent: { ...target, tags: root.tags },
    })
    expect(end.value).toBe('published')
    const id = end.context.event!.id
    // alice reads on aliceIn and on our relay (counted as one of her two); bob's first two.
    for (const name of ['aliceIn', 'bob1', 'bob2']) expect(holds(inbox[name], id)).toBe(true)
    expect(holds(lists, id)).toBe(true)
    for (const name of ['aliceOut', 'bob3']) expect(holds(inbox[name], id)).toBe(false)
    // Every relay's answer is shown.
    expect(end.context.results).toHaveLength(4)
    expect(end.context.results.every((result) => result.ok)).toBe(true)
    expect(end.context.results.map((result) => result.relay)).toEqual(
      expect.arrayContaining([lists.url, inbox.aliceIn!.url, inbox.bob1!.url, inbox.bob2!.url]),
    )
    // Opened outside the pool for these people, and only those.
    expect(opened()).toEqual({
      [inbox.aliceIn!.url]: [{ kind: 'inbox', pubkeys: [root.pubkey] }],
      [inbox.bob1!.url]: [{ kind: 'inbox', pubkeys: [bobPub] }],
      [inbox.bob2!.url]: [{ kind: 'inbox', pubkeys: [bobPub] }],
    })
  })

  it("a like goes to the liked note's author where she reads", async () => {
    const { deps } = await routed([{ url: lists.url, permission: 'readwrite' }])
    expect(await publishOnce(deps, { kind: 'reaction', target })).toBeNull()
    const like = lists.events().find((e) => e.kind === 7 && e.pubkey === mePub)!
    // Resolved at the first acceptance: the inbox relay's answer may still be on its way.
    await expect.poll(() => holds(inbox.aliceIn, like.id)).toBe(true)
  })

  it('is published when our relay refuses and the inbox relays accept (at least one, §7)', async () => {
    // We write only to the refusing relay and read the lists from ours, which alice also reads.
    const { deps } = await routed([
      { url: refusing.url, permission: 'write' },
      { url: lists.url, permission: 'read' },
    ])
    const end = await publish(deps, { kind: 'quote', content: 'see this', target })
    expect(end.value).toBe('published')
    expect(end.context.results).toEqual(
      expect.arrayContaining([
        { relay: refusing.url, ok: false, message: REFUSAL },
        { relay: inbox.aliceIn!.url, ok: true, message: '' },
        { relay: lists.url, ok: true, message: '' },
      ]),
    )
    expect(holds(inbox.aliceIn, end.context.event!.id)).toBe(true)
  })

  it(`does not wait more than ${INBOX_LOOKUP_MS} ms for the people's relay lists`, async () => {
    const quick = await startRelay({ seed: [] })
    try {
      const { deps, opened } = await routed([
        { url: quick.url, permission: 'readwrite' },
        { url: slowRelay.url, permission: 'read' },
      ])
      const started = Date.now()
      const end = await publish(deps, {
        kind: 'reply',
        content: 'quick',
        parent: { ...target, tags: root.tags },
      })
      expect(end.value).toBe('published')
      // The lookup was under way (the slow relay holds the lists) and given up at the bound.
      expect(Date.now() - started).toBeGreaterThanOrEqual(INBOX_LOOKUP_MS - 100)
      expect(Date.now() - started).toBeLessThan(INBOX_LOOKUP_MS + 2000)
      // Sent without alice's list, which had not come: our relay only.
      expect(end.context.results.map((result) => result.relay)).toEqual([quick.url])
      expect(opened()).toEqual({})
    } finally {
      await quick.close()
    }
  })
})
