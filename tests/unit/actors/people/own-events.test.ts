// The user's own lists and profile against real relays: the real pool and socket machines over ws
// (their health records fed as the app feeds them), the real hub verifying over a MessageChannel,
// a real key signer; the follow and mute-edit machines and profile edits on top, with a real QueryClient.
import { QueryClient } from '@tanstack/react-query'
import * as nip04 from 'nostr-tools/nip04'
import { v2 as nip44 } from 'nostr-tools/nip44'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createActor, waitFor } from 'xstate'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import {
  type ContactVersionsStore,
  contactVersionsStore,
} from '../../../../src/actors/people/contact-versions.ts'
import { followEffects } from '../../../../src/actors/people/follow.effects.ts'
import { muteEditEffects } from '../../../../src/actors/people/mute-edit.effects.ts'
import { createOwnEvents, type OwnEvents } from '../../../../src/actors/people/own-events.ts'
import { privateMutes } from '../../../../src/actors/people/private-mutes.ts'
import { publishProfile, readOwnProfile } from '../../../../src/actors/people/profile-edit.ts'
import { profileKeys } from '../../../../src/actors/people/profile-keys.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { CONTACTS_UNREADABLE, FOLLOW_MESSAGES } from '../../../../src/core/people/follow.ts'
import { MUTE_MESSAGES, type MuteChange } from '../../../../src/core/people/mute-edit.ts'
import {
  emptyProfileForm,
  PROFILE_EDIT_MESSAGES,
} from '../../../../src/core/people/profile-edit.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import type { RelayEntry } from '../../../../src/core/relays/relay-list.ts'
import { followMachine } from '../../../../src/machines/follow.machine.ts'
import { muteEditMachine } from '../../../../src/machines/mute-edit.machine.ts'
import type { RelayPoolActorRef } from '../../../../src/machines/relay-pool.machine.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'
import { linkedPool } from '../relays/real-hub.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

const now = Math.floor(Date.now() / 1000)
const userKey = generateSecretKey()
const USER = getPublicKey(userKey)
const ERIN = getPublicKey(generateSecretKey())
const TARGET = getPublicKey(generateSecretKey())
const sign = (kind: number, tags: string[][], content: string, ago: number): NostrEvent =>
  finalizeEvent({ kind, created_at: now - ago, tags, content }, userKey)

const CONTACTS_CONTENT = '{"wss://relay.example":{"read":true,"write":true}}'
const OLD_CONTACTS = sign(3, [['p', ERIN]], '', 500)
const CONTACTS = sign(
  3,
  [
    ['p', ERIN, 'wss://relay.example', 'erin'],
    ['t', 'nostr'],
  ],
  CONTACTS_CONTENT,
  100,
)
const MUTES = sign(
  10000,
  [
    ['t', 'airdrop'],
    ['word', 'giveaway'],
  ],
  'private-part',
  100,
)
const PROFILE = sign(0, [], JSON.stringify({ name: 'ann', about: 'old', pronouns: 'she/her' }), 100)

let home: RelayHandle
let refusing: RelayHandle
let silent: RelayHandle
const pools: RelayPoolActorRef[] = []

beforeAll(async () => {
  home = await startRelay({ seed: [OLD_CONTACTS, CONTACTS, MUTES, PROFILE] })
  // Refuses every EVENT ('auth-required'), and the hub here cannot authenticate: a relay that
  // will not take writes. Reads are served.
  refusing = await startRelay({ seed: [CONTACTS, MUTES, PROFILE], auth: { write: true } })
  silent = await startRelay({ seed: [CONTACTS], faults: { dropAll: true } })
})
afterAll(async () => {
  closeVerifyApi()
  await Promise.all([home.close(), refusing.close(), silent.close()])
})
afterEach(async () => {
  for (const pool of pools.splice(0)) {
    // ws (unlike browsers) throws when a socket still connecting is closed.
    await waitFor(pool, (s) => !Object.values(s.context.phase).includes('connecting'))
    pool.stop()
  }
})

/** A pool of real sockets linked to a hub whose request results reach the pool, as in the app. */
function world(relays: RelayEntry[]): {
  pool: RelayPoolActorRef
  own: OwnEvents
  versions: (queryClient: QueryClient) => ContactVersionsStore
} {
  let started: RelayPoolActorRef | undefined
  const { pool, hub } = linkedPool(createVerifier([verifyApi]), relays, {
    hub: {
      eoseTimeoutMs: 400,
      publishTimeoutMs: 2000,
      onRequestResult: (url, result) =>
        started?.send(
          result.ok
            ? { type: 'pool.requestSucceeded', url, responseMs: result.responseMs, at: Date.now() }
            : { type: 'pool.requestFailed', url, at: Date.now() },
        ),
    },
  })
  started = pool
  pools.push(pool)
  const signer = localKeySigner(new Secret(userKey))
  const stores: ContactVersionsStore[] = []
  const own = createOwnEvents({
    hub,
    signer: () => signer,
    pool: () => pool,
    onRead: (user, events) => {
      for (const store of stores) store.record(user, events)
    },
  })
  const versions = (queryClient: QueryClient) => {
    const store = contactVersionsStore({ queryClient, hub })
    stores.push(store)
    return store
  }
  return { pool, own, versions }
}

const readWrite = (relay: RelayHandle): RelayEntry => ({ url: relay.url, permission: 'readwrite' })
const newestOn = (relay: RelayHandle, kind: number) =>
  relay
    .events()
    .filter((e) => e.kind === kind && e.pubkey === USER)
    .sort((a, b) => b.created_at - a.created_at)[0]

describe('own events: read newest, never from nothing', () => {
  it('reads the newest list the relays hold', async () => {
    const { own } = world([readWrite(home)])
    expect((await own.read(3, USER, 1, CONTACTS_UNREADABLE))?.id).toBe(CONTACTS.id)
  })

  it('none at a relay that answered is null', async () => {
    const { own } = world([readWrite(home)])
    expect(await own.read(3, TARGET, 1, CONTACTS_UNREADABLE)).toBeNull()
  })

  it('no relay answering is an error with the caller’s message, not an empty list', async () => {
    const { own } = world([readWrite(silent)])
    await expect(own.read(3, USER, 1, CONTACTS_UNREADABLE)).rejects.toThrow(CONTACTS_UNREADABLE)
  })

  it('publishes to each write relay and reports every answer; all refusing is an error', async () => {
    const { own } = world([readWrite(home), readWrite(refusing)])
    const answers: string[] = []
    const template = { kind: 1, created_at: now, tags: [], content: 'hello' }
    await own.publish(template, USER, (result) => answers.push(`${result.relay} ${result.ok}`))
    await expect
      .poll(() => answers.sort())
      .toEqual([`${home.url} true`, `${refusing.url} false`].sort())

    const { own: alone } = world([readWrite(refusing)])
    await expect(alone.publish(template, USER)).rejects.toThrow(
      `Publish failed: ${refusing.url}: auth-required: this relay serves authenticated clients only`,
    )
  })

  it('refuses to publish as someone else: Failed to sign in', async () => {
    const { own } = world([readWrite(home)])
    const template = { kind: 1, created_at: now, tags: [], content: 'x' }
    await expect(own.publish(template, TARGET)).rejects.toThrow(FOLLOW_MESSAGES.signInFailed)
  })
})

describe('follow machine with the app’s effects', () => {
  const request = (action: 'follow' | 'unfollow', relays: string[]) => ({
    type: 'follow.requested' as const,
    request: { action, target: TARGET, user: USER, ready: true, relays },
  })

  it('follows and unfollows: kind 3 read back with hints, petnames and content kept', async () => {
    const { own, versions } = world([readWrite(home)])
    const queryClient = new QueryClient()
    const effects = followEffects({ own, queryClient, versions: versions(queryClient) })
    const actor = createActor(followMachine.provide(effects)).start()
    actor.send(request('follow', [home.url]))
    // Shown at once, before any relay answered.
    expect(queryClient.getQueryData(profileKeys.contacts(USER))).toMatchObject({
      contacts: [{ pubkey: TARGET }],
    })
    await waitFor(actor, (s) => s.matches({ ready: 'done' }))
    const followed = newestOn(home, 3)!
    expect(followed.tags).toEqual([...CONTACTS.tags, ['p', TARGET]])
    expect(followed.content).toBe(CONTACTS_CONTENT)
    expect(actor.getSnapshot().context.results).toEqual([
      { relay: home.url, ok: true, message: '' },
    ])
    const shown = queryClient.getQueryData(profileKeys.contacts(USER)) as {
      contacts: { pubkey: string; petname: string }[]
    }
    expect(shown.contacts.map((c) => [c.pubkey, c.petname])).toEqual([
      [ERIN, 'erin'],
      [TARGET, ''],
    ])

    actor.send(request('follow', [home.url]))
    await waitFor(actor, (s) => s.matches({ ready: 'done' }))
    expect(newestOn(home, 3)!.id, 'already following: nothing published').toBe(followed.id)

    actor.send(request('unfollow', [home.url]))
    await waitFor(actor, (s) => s.matches({ ready: 'done' }))
    expect(newestOn(home, 3)!.tags).toEqual(CONTACTS.tags)
    actor.stop()
  })

  it('every relay refusing: rolled back to what was shown, "Follow failed", list fetched again', async () => {
    const { own, versions } = world([readWrite(refusing)])
    const queryClient = new QueryClient()
    const before = { contacts: [{ pubkey: ERIN, relay: '', petname: '' }], createdAt: 1 }
    queryClient.setQueryData(profileKeys.contacts(USER), before)
    const effects = followEffects({ own, queryClient, versions: versions(queryClient) })
    const actor = createActor(followMachine.provide(effects)).start()
    actor.send(request('follow', [refusing.url]))
    await waitFor(actor, (s) => s.matches({ busy: 'rollingBack' }))
    expect(queryClient.getQueryData(profileKeys.contacts(USER))).toEqual(before)
    await waitFor(actor, (s) => s.matches({ ready: 'rolledBack' }))
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'Follow failed',
      detail: `Publish failed: ${refusing.url}: auth-required: this relay serves authenticated clients only`,
    })
    // The refetch shows the list as the relay has it.
    expect(queryClient.getQueryData(profileKeys.contacts(USER))).toMatchObject({
      createdAt: CONTACTS.created_at,
    })
    expect(newestOn(refusing, 3)!.id).toBe(CONTACTS.id)
    actor.stop()
  })

  it('an unreadable list is not replaced: nothing published, the view put back', async () => {
    const { own, versions } = world([readWrite(silent)])
    const queryClient = new QueryClient()
    const effects = followEffects({ own, queryClient, versions: versions(queryClient) })
    const actor = createActor(followMachine.provide(effects)).start()
    actor.send(request('unfollow', [silent.url]))
    await waitFor(actor, (s) => s.matches({ ready: 'rolledBack' }), { timeout: 5000 })
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'Unfollow failed',
      detail: CONTACTS_UNREADABLE,
    })
    expect(silent.stats().events).toBe(0)
    expect(queryClient.getQueryData(profileKeys.contacts(USER))).toBeUndefined()
    actor.stop()
  })
})

describe('a list shrunk by another client (NIP-02 kind 3, relays keep only the newest)', () => {
  const FRIENDS = Array.from({ length: 6 }, () => getPublicKey(generateSecretKey()))
  const LONG = sign(
    3,
    FRIENDS.map((pubkey) => ['p', pubkey]),
    '{"wss://old.example":{"read":true,"write":true}}',
    400,
  )
  const SHRUNK = sign(3, [['p', ERIN]], '', 300)
  let keeper: RelayHandle
  let stale: RelayHandle
  beforeAll(async () => {
    keeper = await startRelay({ seed: [LONG] })
    stale = await startRelay({ seed: [SHRUNK] })
  })
  afterAll(() => Promise.all([keeper.close(), stale.close()]))

  it('found on a relay that still holds the earlier list: asked, restored with the change', async () => {
    const { pool, own, versions } = world([readWrite(keeper), readWrite(stale)])
    // Both relays answer: each with its own newest.
    await waitFor(pool, (s) =>
      [keeper.url, stale.url].every((url) => s.context.phase[url] === 'connected'),
    )
    const queryClient = new QueryClient()
    const store = versions(queryClient)
    const actor = createActor(
      followMachine.provide(followEffects({ own, queryClient, versions: store })),
    ).start()
    actor.send({
      type: 'follow.requested',
      request: { action: 'follow', target: TARGET, user: USER, ready: true, relays: [keeper.url] },
    })
    await waitFor(actor, (s) => s.matches({ busy: 'offering' }))
    expect(actor.getSnapshot().context.offer?.shrink).toEqual({ before: 6, after: 1, dropped: 6 })
    actor.send({ type: 'follow.confirmed' })
    await waitFor(actor, (s) => s.matches({ ready: 'done' }))
    const restored = newestOn(keeper, 3)!
    expect(restored.tags).toEqual([...LONG.tags, ['p', TARGET]])
    expect(restored.content).toBe(LONG.content)
    expect(restored.created_at).toBeGreaterThan(SHRUNK.created_at)
    // Every list seen is kept, the one made here accepted (published to both write relays).
    const kept = store.get(USER)
    expect(kept.versions.map((v) => v.event.id)).toEqual([restored.id, SHRUNK.id, LONG.id])
    expect(kept.versions[1]?.relays).toEqual([stale.url])
    expect(kept.versions[2]?.relays).toEqual([keeper.url])
    expect(kept.accepted).toBe(restored.created_at)

    // Settings asks again: both relays answered with the restored list, so the earlier ones are
    // only on this device now.
    const fetched = await store.fetch(USER)
    expect(fetched.versions.map((v) => [...v.relays].sort())).toEqual([
      [keeper.url, stale.url].sort(),
      [],
      [],
    ])
    expect(fetched.versions.map((v) => v.count)).toEqual([7, 1, 6])

    // Restoring the shrunk one now asks first; Cancel publishes nothing.
    actor.send({
      type: 'follow.restoreRequested',
      request: { version: SHRUNK, user: USER, ready: true, relays: [keeper.url] },
    })
    await waitFor(actor, (s) => s.matches({ busy: 'confirmingShrink' }))
    actor.send({ type: 'follow.cancelled' })
    expect(actor.getSnapshot().matches({ ready: 'cancelled' })).toBe(true)
    expect(newestOn(keeper, 3)!.id).toBe(restored.id)
    actor.stop()
  })
})

describe('mute and unmute (the mute-edit machine with its real effects)', () => {
  /** The machine over real relays and a real key: what it publishes, and what the query shows. */
  function muter(own: OwnEvents, queryClient = new QueryClient()) {
    const secrets = privateMutes(() => localKeySigner(new Secret(userKey)))
    const actor = createActor(
      muteEditMachine.provide(muteEditEffects({ own, queryClient, secrets })),
    ).start()
    const change = async (next: Partial<MuteChange>, relays = own.writeTargets()) => {
      actor.send({
        type: 'mute.requested',
        request: {
          change: {
            action: 'mute',
            target: { kind: 'p', value: TARGET },
            place: 'public',
            ...next,
          },
          user: USER,
          ready: true,
          relays,
        },
      })
      return waitFor(actor, (s) => s.matches('ready'))
    }
    return { actor, change, secrets, queryClient }
  }

  it('mutes and unmutes publicly: kind 10000 read back, hashtags, words and private part kept', async () => {
    const { own } = world([readWrite(home)])
    const { change, queryClient, actor } = muter(own)
    const done = await change({})
    expect(done.matches({ ready: 'done' })).toBe(true)
    expect(done.context.results).toEqual([{ relay: home.url, ok: true, message: '' }])
    const muted = newestOn(home, 10000)!
    expect(muted.tags).toEqual([...MUTES.tags, ['p', TARGET], ['client', 'Plume']])
    // Not decryptable by this key, and not needed for a public mute: kept as it was.
    expect(muted.content).toBe('private-part')
    expect(queryClient.getQueryData(profileKeys.muteList(USER))).toMatchObject({
      people: [{ pubkey: TARGET }],
      hashtags: ['airdrop'],
      content: 'private-part',
    })
    actor.send({ type: 'mute.dismissed' })
    expect((await change({})).matches({ ready: 'done' }), 'muted already').toBe(true)
    expect(newestOn(home, 10000)!.id).toBe(muted.id)

    // An unmute needs the private part (the mute may be there too): refused, nothing published.
    const unmute = await change({ action: 'unmute' })
    expect(unmute.context).toMatchObject({
      error: 'Unmute failed',
      detail: MUTE_MESSAGES.privateUnreadable,
    })
    expect(newestOn(home, 10000)!.id).toBe(muted.id)
  })

  it('mutes privately: NIP-44 to oneself, read back and moved to public, no plaintext on the relay', async () => {
    const fresh = await startRelay({ seed: [] })
    try {
      const { own } = world([readWrite(fresh)])
      const { change, secrets } = muter(own)
      expect(
        (
          await change({ target: { kind: 'word', value: 'Secret Plan' }, place: 'private' })
        ).matches({ ready: 'done' }),
      ).toBe(true)
      await change({ place: 'private' })
      const list = newestOn(fresh, 10000)!
      expect(list.tags).toEqual([['client', 'Plume']])
      expect(JSON.stringify(list)).not.toMatch(/secret plan/i)
      const toSelf = nip44.utils.getConversationKey(userKey, USER)
      expect(JSON.parse(nip44.decrypt(list.content, toSelf))).toEqual([
        ['word', 'secret plan'],
        ['p', TARGET],
      ])
      expect(secrets.remembered(list.content)).toEqual([
        ['word', 'secret plan'],
        ['p', TARGET],
      ])

      // A second editor, as after a reload: reads and decrypts the relay's list, moves one to public.
      const other = muter(own)
      await other.change({ place: 'public' })
      const moved = newestOn(fresh, 10000)!
      expect(moved.tags).toEqual([
        ['p', TARGET],
        ['client', 'Plume'],
      ])
      expect(JSON.parse(nip44.decrypt(moved.content, toSelf))).toEqual([['word', 'secret plan']])
      await other.change({ action: 'unmute', target: { kind: 'word', value: 'secret plan' } })
      expect(JSON.parse(nip44.decrypt(newestOn(fresh, 10000)!.content, toSelf))).toEqual([])
    } finally {
      await fresh.close()
    }
  })

  it('reads an old NIP-04 private part and writes it back with NIP-44', async () => {
    const old = sign(
      10000,
      [],
      await nip04.encrypt(userKey, USER, JSON.stringify([['t', 'spoilers']])),
      50,
    )
    const fresh = await startRelay({ seed: [old] })
    try {
      const { own } = world([readWrite(fresh)])
      await muter(own).change({ target: { kind: 'word', value: 'gm' }, place: 'private' })
      const list = newestOn(fresh, 10000)!
      expect(list.content).not.toContain('?iv=')
      const toSelf = nip44.utils.getConversationKey(userKey, USER)
      expect(JSON.parse(nip44.decrypt(list.content, toSelf))).toEqual([
        ['t', 'spoilers'],
        ['word', 'gm'],
      ])
    } finally {
      await fresh.close()
    }
  })

  it('never builds a list from nothing, and names a refused publish', async () => {
    const { own: unreadable } = world([readWrite(silent)])
    const unread = await muter(unreadable).change({})
    expect(unread.context).toMatchObject({ error: 'Mute failed', detail: MUTE_MESSAGES.unreadable })
    expect(silent.stats().events).toBe(0)
    const { own: refused } = world([readWrite(refusing)])
    const refusedMute = await muter(refused).change({ target: { kind: 't', value: 'x' } })
    expect(refusedMute.context).toMatchObject({
      error: 'Mute failed',
      detail: `Publish failed: ${refusing.url}: auth-required: this relay serves authenticated clients only`,
    })
    expect(newestOn(refusing, 10000)!.id).toBe(MUTES.id)
  })
})

describe('profile edit', () => {
  it('publishes kind 0 over the current one, keeping unknown fields; both caches updated', async () => {
    const { own } = world([readWrite(home), readWrite(refusing)])
    const queryClient = new QueryClient()
    const deps = { own, queryClient }
    const base = await readOwnProfile(deps, USER)
    expect(base?.id).toBe(PROFILE.id)
    const answers: string[] = []
    const form = { ...emptyProfileForm(), name: 'ann', display_name: 'Ann B', about: 'new' }
    await publishProfile(deps, USER, base, form, (r) => answers.push(`${r.relay} ${r.ok}`))
    expect(JSON.parse(newestOn(home, 0)!.content)).toEqual({
      name: 'ann',
      display_name: 'Ann B',
      about: 'new',
      pronouns: 'she/her',
    })
    expect(queryClient.getQueryData(profileKeys.metadata(USER))).toMatchObject({
      display_name: 'Ann B',
    })
    expect(queryClient.getQueryData(['metadata', USER])).toMatchObject({ about: 'new' })
    await expect
      .poll(() => answers.sort())
      .toEqual([`${home.url} true`, `${refusing.url} false`].sort())
  })

  it('needs relays to write to, before anything is signed', async () => {
    const { own } = world([{ url: home.url, permission: 'read' }])
    const deps = { own, queryClient: new QueryClient() }
    await expect(publishProfile(deps, USER, null, emptyProfileForm(), () => {})).rejects.toThrow(
      /^No relays configured$/,
    )
  })

  it('a profile no relay could read is not edited', async () => {
    const { own } = world([readWrite(silent)])
    await expect(readOwnProfile({ own, queryClient: new QueryClient() }, USER)).rejects.toThrow(
      PROFILE_EDIT_MESSAGES.unreadable,
    )
  })
})
