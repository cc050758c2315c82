import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Actor, createActor, fromPromise } from 'xstate'
import { type RelayEdit, relaySetEdits } from '../../src/core/relays/relay-edits.ts'
import type { RelayEntry } from '../../src/core/relays/relay-list.ts'
import type { FetchedRelayList, StoredRelays } from '../../src/core/relays/stored-relays.ts'
import {
  type ApplyParams,
  type PubkeyInput,
  type Published,
  type PublishInput,
  RELAY_LIST_BROADCAST_DEBOUNCE_MS,
  type StoredCopy,
  type StoreParams,
} from '../../src/machines/relay-list.context.ts'
import {
  type RelayListMachine,
  type RelayListSnapshot,
  relayListMachine,
} from '../../src/machines/relay-list.machine.ts'
import { relayListStatus } from '../../src/machines/relay-list-status.ts'
import {
  createModel,
  describePath,
  type EventSamples,
  type Harness,
  modelPaths,
  walkPath,
} from './walk.ts'

const PK = 'ab'.repeat(32)
const NOW = 1_700_000_000
const PUBLISHED_AT = NOW + 60
const PUBLISH_FAILED = 'Publish failed: wss://d.example: blocked'

const D = 'wss://d.example'
const IDX = 'wss://idx.example'
const X = 'wss://x.example'
const DEFAULTS: RelayEntry[] = [
  { url: D, permission: 'readwrite' },
  { url: IDX, permission: 'indexer' },
]
const KEEP = DEFAULTS.filter((entry) => entry.permission === 'indexer')

const STORED: StoredRelays = {
  relays: [{ url: 'wss://s.example', permission: 'readwrite' }],
  createdAt: 100,
  unpublished: false,
}
const PENDING: StoredRelays = {
  relays: [{ url: 'wss://p.example', permission: 'read' }],
  createdAt: 300,
  unpublished: true,
}
const FETCHED_NEW: FetchedRelayList = {
  relays: [{ url: 'wss://f.example', permission: 'write' }],
  createdAt: 200,
}
const FETCHED_OLD: FetchedRelayList = { ...FETCHED_NEW, createdAt: 50 }
const GUESSED: FetchedRelayList = {
  relays: [{ url: 'wss://g.example', permission: 'readwrite' }],
  createdAt: null,
}

const ADD_X: RelayEdit = { type: 'pool.add', url: X, permission: 'readwrite' }
const REMOVE_X: RelayEdit = { type: 'pool.remove', url: X }
const INDEXER_READ: RelayEdit = { type: 'pool.setPermission', url: IDX, permission: 'read' }

// ---------------------------------------------------------------------------------------------
// Fakes: the three promise actors, a pool that takes the pool's events, storage and the flag.

interface Pending<I, O> {
  input: I
  settled: boolean
  signal: AbortSignal
  resolve(output: O): void
  reject(error: unknown): void
}

interface Fakes {
  reads: Pending<PubkeyInput, StoredCopy>[]
  fetches: Pending<PubkeyInput, FetchedRelayList | null>[]
  publishes: Pending<PublishInput, Published>[]
  pool: RelayEntry[]
  stores: StoreParams[]
  checked: Set<string>
  applied: ApplyParams[]
}

function pendingActor<I, O>(list: Pending<I, O>[]) {
  return fromPromise<O, I>(
    ({ input, signal }) =>
      new Promise<O>((resolve, reject) => {
        const request: Pending<I, O> = {
          input,
          settled: false,
          signal,
          resolve: (output) => {
            request.settled = true
            resolve(output)
          },
          reject: (error) => {
            request.settled = true
            reject(error)
          },
        }
        list.push(request)
      }),
  )
}

function live<I, O>(list: Pending<I, O>[]): Pending<I, O> {
  const open = list.filter((request) => !request.settled && !request.signal.aborted)
  const [request, ...more] = open
  if (!request || more.length) throw new Error(`expected one pending request, got ${open.length}`)
  return request
}

/** The pool's handling of its add/remove/setPermission events (unknown relays are ignored). */
function poolTakes(pool: RelayEntry[], edit: RelayEdit): RelayEntry[] {
  const known = pool.some((entry) => entry.url === edit.url)
  if (edit.type === 'pool.add')
    return known ? pool : [...pool, { url: edit.url, permission: edit.permission }]
  if (edit.type === 'pool.remove') return pool.filter((entry) => entry.url !== edit.url)
  return pool.map((entry) =>
    entry.url === edit.url ? { url: entry.url, permission: edit.permission } : entry,
  )
}

function arrange() {
  const fakes: Fakes = {
    reads: [],
    fetches: [],
    publishes: [],
    pool: [...DEFAULTS],
    stores: [],
    checked: new Set(),
    applied: [],
  }
  const machine = relayListMachine.provide({
    actors: {
      readStored: pendingActor(fakes.reads),
      fetchRelayList: pendingActor(fakes.fetches),
      publishRelayList: pendingActor(fakes.publishes),
    },
    actions: {
      applyToPool: (_, params) => {
        fakes.applied.push(params)
        for (const edit of relaySetEdits(fakes.pool, params.relays, params.keep)) {
          fakes.pool = poolTakes(fakes.pool, edit)
        }
      },
      sendToPool: (_, edit) => {
        fakes.pool = poolTakes(fakes.pool, edit)
      },
      storeList: (_, params) => {
        fakes.stores.push(params)
      },
      markChecked: (_, { pubkey }) => {
        fakes.checked.add(pubkey)
      },
      forgetChecked: (_, { pubkey }) => {
        fakes.checked.delete(pubkey)
      },
    },
  })
  return { machine, fakes }
}

/** The pool as the list says: the list, then the kept indexers it does not name. */
function expectedPool(relays: readonly RelayEntry[]): RelayEntry[] {
  return [...relays, ...KEEP.filter((k) => !relays.some((entry) => entry.url === k.url))]
}
const sorted = (entries: readonly RelayEntry[]) =>
  [...entries].sort((a, b) => a.url.localeCompare(b.url))

const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers({ now: NOW * 1000 })
})
afterEach(() => {
  vi.useRealTimers()
})

// ---------------------------------------------------------------------------------------------
// Model: every transition.

const samples: EventSamples<RelayListMachine> = {
  'relayList.poolStarted': [{ type: 'relayList.poolStarted', defaults: DEFAULTS }],
  'relayList.signedIn': [
    { type: 'relayList.signedIn', pubkey: PK, canSign: true },
    { type: 'relayList.signedIn', pubkey: PK, canSign: false },
  ],
  'relayList.signingChanged': [
    { type: 'relayList.signingChanged', canSign: true },
    { type: 'relayList.signingChanged', canSign: false },
  ],
  'relayList.edit': [
    { type: 'relayList.edit', edit: ADD_X },
    { type: 'relayList.edit', edit: REMOVE_X },
    { type: 'relayList.edit', edit: INDEXER_READ },
  ],
  'relayList.restoreDefaults': [{ type: 'relayList.restoreDefaults' }],
  // Raised by the machine itself.
  'relayList.changed': [],
  'xstate.done.actor.readStored': [
    { type: 'xstate.done.actor.readStored', output: { record: STORED, checked: true } },
    { type: 'xstate.done.actor.readStored', output: { record: PENDING, checked: false } },
    { type: 'xstate.done.actor.readStored', output: { record: null, checked: false } },
  ],
  'xstate.error.actor.readStored': [
    { type: 'xstate.error.actor.readStored', error: new Error('storage blocked') },
  ],
  'xstate.done.actor.fetch': [FETCHED_NEW, FETCHED_OLD, GUESSED, null].map((output) => ({
    type: 'xstate.done.actor.fetch',
    output,
  })),
  'xstate.error.actor.fetch': [{ type: 'xstate.error.actor.fetch', error: new Error('down') }],
  'xstate.done.actor.publish': [
    { type: 'xstate.done.actor.publish', output: { createdAt: PUBLISHED_AT } },
  ],
  'xstate.error.actor.publish': [
    { type: 'xstate.error.actor.publish', error: new Error(PUBLISH_FAILED) },
  ],
}

/**
 * States told apart by what decides the machine's future: which list is in use no longer matters
 * once it is loaded (the assertions check the lists themselves); the stored copy matters only
 * while loading, the queue only before it is replayed.
 */
function stateKey(snapshot: RelayListSnapshot): string {
  const { context } = snapshot
  const loading =
    snapshot.matches({ signedIn: { list: 'stored' } }) ||
    snapshot.matches({ signedIn: { list: 'fetching' } })
  return JSON.stringify({
    value: snapshot.value,
    canSign: context.canSign,
    unpublished: context.unpublished,
    stored: loading ? (context.stored?.unpublished ?? null) : undefined,
    queued: loading ? context.queued.length > 0 : undefined,
  })
}

const model = createModel({
  // The model's own effects do nothing: only the walked actor's are watched.
  machine: relayListMachine.provide({
    actions: {
      applyToPool: () => {},
      sendToPool: () => {},
      storeList: () => {},
      markChecked: () => {},
      forgetChecked: () => {},
    },
  }),
  samples,
  serializeState: stateKey,
})

type Walk = Harness<RelayListMachine, Fakes>
const resolveWith =
  <I, O>(pick: (fakes: Fakes) => Pending<I, O>[]) =>
  async (event: { output?: unknown }, { fakes }: { fakes: Fakes }) => {
    live(pick(fakes)).resolve(event.output as O)
    await settle()
  }
const rejectWith =
  <I, O>(pick: (fakes: Fakes) => Pending<I, O>[]) =>
  async (event: { error?: unknown }, { fakes }: { fakes: Fakes }) => {
    live(pick(fakes)).reject(event.error)
    await settle()
  }

const harness: Walk = {
  arrange,
  deliver: {
    'xstate.done.actor.readStored': resolveWith((fakes) => fakes.reads),
    'xstate.error.actor.readStored': rejectWith((fakes) => fakes.reads),
    'xstate.done.actor.fetch': resolveWith((fakes) => fakes.fetches),
    'xstate.error.actor.fetch': rejectWith((fakes) => fakes.fetches),
    'xstate.done.actor.publish': resolveWith((fakes) => fakes.publishes),
    'xstate.error.actor.publish': rejectWith((fakes) => fakes.publishes),
  },
  states: {
    '*': (snapshot, { fakes }) => {
      const { context } = snapshot
      // Only the user's edits are ever stored, and only while someone is signed in.
      for (const store of fakes.stores) expect(store.pubkey).toBe(PK)
      if (!snapshot.matches({ signedIn: { list: 'stored' } })) {
        expect(fakes.reads.filter((r) => !r.settled && !r.signal.aborted)).toEqual([])
      }
      if (!snapshot.matches({ signedIn: { list: 'fetching' } })) {
        expect(fakes.fetches.filter((r) => !r.settled && !r.signal.aborted)).toEqual([])
      }
      if (!snapshot.matches({ signedIn: { broadcast: 'publishing' } })) {
        expect(fakes.publishes.filter((r) => !r.settled && !r.signal.aborted)).toEqual([])
      }
      if (
        !snapshot.matches({ signedIn: 'list' }) ||
        snapshot.matches({ signedIn: { list: 'ready' } })
      ) {
        expect(context.queued).toEqual([])
      }
    },
    starting: (snapshot) => {
      expect(snapshot.context.defaults).toEqual([])
      expect(relayListStatus(snapshot)).toBeNull()
    },
    signedOut: (snapshot, { fakes }) => {
      const { context } = snapshot
      expect(context.pubkey).toBeNull()
      expect(context.relays).toEqual(DEFAULTS)
      expect(fakes.checked.has(PK)).toBe(false)
      // Sign-out put the defaults back (edits since then last the session only).
      const last = fakes.applied.at(-1)
      if (last) expect(last).toEqual({ relays: DEFAULTS, keep: KEEP })
      expect(relayListStatus(snapshot)).toBeNull()
    },
    'signedIn.list': (snapshot) => {
      if (!snapshot.matches({ signedIn: { list: 'ready' } })) {
        expect(relayListStatus(snapshot)).toEqual({ kind: 'loading' })
        expect(snapshot.matches({ signedIn: { broadcast: 'idle' } })).toBe(true)
      }
    },
    'signedIn.list.ready': (snapshot, { fakes }) => {
      const { context } = snapshot
      // The pool holds the list and the config's indexers.
      expect(sorted(fakes.pool)).toEqual(sorted(expectedPool(context.relays)))
      // Unpublished edits are on this device: stored now, or already the stored copy.
      if (context.unpublished) {
        const last = fakes.stores.at(-1)
        if (last) expect(last).toEqual({ pubkey: PK, relays: context.relays, createdAt: null })
        else expect(context.source).toBe('stored')
      }
      if (context.source === 'relays' && !context.unpublished)
        expect(fakes.checked.has(PK)).toBe(true)
    },
    'signedIn.broadcast.held': (snapshot) => {
      expect(snapshot.context.canSign).toBe(false)
      expect(snapshot.context.unpublished).toBe(true)
      expect(relayListStatus(snapshot)).toEqual({ kind: 'held' })
    },
    'signedIn.broadcast.debouncing': (snapshot) => {
      expect(snapshot.context.unpublished).toBe(true)
      expect(snapshot.context.error).toBeNull()
      expect(relayListStatus(snapshot)).toEqual({ kind: 'saving' })
    },
    // (Signing may become impossible while publishing: the signer then refuses, and it fails.)
    'signedIn.broadcast.publishing': (snapshot, { fakes }) => {
      expect(live(fakes.publishes).input).toEqual({ pubkey: PK, relays: snapshot.context.relays })
      expect(relayListStatus(snapshot)).toEqual({ kind: 'saving' })
    },
    'signedIn.broadcast.published': (snapshot, { fakes }) => {
      expect(snapshot.context.unpublished).toBe(false)
      expect(snapshot.context.createdAt).toBe(PUBLISHED_AT)
      expect(fakes.stores.at(-1)).toEqual({
        pubkey: PK,
        relays: snapshot.context.relays,
        createdAt: PUBLISHED_AT,
      })
      expect(relayListStatus(snapshot)).toEqual({ kind: 'published' })
    },
    'signedIn.broadcast.failed': (snapshot, { fakes }) => {
      expect(snapshot.context.unpublished).toBe(true)
      expect(snapshot.context.error).toBe(PUBLISH_FAILED)
      expect(fakes.stores.at(-1)?.createdAt).toBeNull()
      expect(relayListStatus(snapshot)).toEqual({ kind: 'failed', message: PUBLISH_FAILED })
    },
  },
}

describe('relay-list machine model', () => {
  it.each(modelPaths(model, 'transitions').map((path) => [describePath(path), path] as const))(
    '%s',
    (_name, path) => walkPath(model, path, harness),
  )
})

// ---------------------------------------------------------------------------------------------
// Scenarios with exact numbers.

function start() {
  const { machine, fakes } = arrange()
  const actor = createActor(machine).start()
  actor.send({ type: 'relayList.poolStarted', defaults: DEFAULTS })
  return { actor, fakes }
}

async function signIn(
  actor: Actor<RelayListMachine>,
  fakes: Fakes,
  canSign: boolean,
  copy: StoredCopy = { record: null, checked: false },
  fetched: FetchedRelayList | null = FETCHED_NEW,
) {
  actor.send({ type: 'relayList.signedIn', pubkey: PK, canSign })
  live(fakes.reads).resolve(copy)
  await settle()
  if (actor.getSnapshot().matches({ signedIn: { list: 'fetching' } })) {
    live(fakes.fetches).resolve(fetched)
    await settle()
  }
  expect(actor.getSnapshot().matches({ signedIn: { list: 'ready' } })).toBe(true)
}

const edit = (actor: Actor<RelayListMachine>, change: RelayEdit) =>
  actor.send({ type: 'relayList.edit', edit: change })

describe('relay-list machine scenarios', () => {
  it('the broadcast debounce is 3 s', () => {
    expect(RELAY_LIST_BROADCAST_DEBOUNCE_MS).toBe(3000)
  })

  it('a login takes the published list, stores it and hands it to the pool', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, true)
    expect(fakes.reads[0]!.input).toEqual({ pubkey: PK })
    expect(fakes.fetches[0]!.input).toEqual({ pubkey: PK })
    expect(actor.getSnapshot().context).toMatchObject({
      relays: FETCHED_NEW.relays,
      source: 'relays',
      createdAt: 200,
    })
    expect(fakes.stores).toEqual([{ pubkey: PK, relays: FETCHED_NEW.relays, createdAt: 200 }])
    expect(fakes.pool).toEqual([...KEEP, ...FETCHED_NEW.relays])
    expect(fakes.checked.has(PK)).toBe(true)
    // Nothing changed: nothing to publish.
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fakes.publishes).toEqual([])
  })

  it('a stored copy newer than the published list wins; older, it loses', async () => {
    const newer = start()
    await signIn(newer.actor, newer.fakes, true, { record: STORED, checked: false }, FETCHED_OLD)
    expect(newer.actor.getSnapshot().context.relays).toEqual(STORED.relays)
    expect(newer.fakes.stores).toEqual([])

    const older = start()
    await signIn(older.actor, older.fakes, true, { record: STORED, checked: false }, FETCHED_NEW)
    expect(older.actor.getSnapshot().context.relays).toEqual(FETCHED_NEW.relays)
  })

  it('once asked this session, a reload trusts the stored copy and asks no relay', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, true, { record: STORED, checked: true })
    expect(fakes.fetches).toEqual([])
    expect(actor.getSnapshot().context.source).toBe('stored')
  })

  it('edits restart the 3 s wait; the list goes out once, 3 s after the last edit', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, true)
    edit(actor, ADD_X)
    expect(fakes.stores.at(-1)).toEqual({
      pubkey: PK,
      relays: [...FETCHED_NEW.relays, { url: X, permission: 'readwrite' }],
      createdAt: null,
    })
    expect(fakes.pool.map((entry) => entry.url)).toContain(X)
    await vi.advanceTimersByTimeAsync(2000)
    edit(actor, INDEXER_READ)
    await vi.advanceTimersByTimeAsync(2999)
    expect(fakes.publishes).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(live(fakes.publishes).input.relays).toEqual([
      ...FETCHED_NEW.relays,
      { url: X, permission: 'readwrite' },
      { url: IDX, permission: 'read' },
    ])
    live(fakes.publishes).resolve({ createdAt: PUBLISHED_AT })
    await settle()
    expect(fakes.publishes).toHaveLength(1)
    expect(relayListStatus(actor.getSnapshot())).toEqual({ kind: 'published' })
  })

  it('Reset Preferences restores the default relays: stored, in the pool and published', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, true)
    actor.send({ type: 'relayList.restoreDefaults' })
    expect(actor.getSnapshot().context.relays).toEqual(DEFAULTS)
    expect(fakes.stores.at(-1)).toEqual({ pubkey: PK, relays: DEFAULTS, createdAt: null })
    expect(sorted(fakes.pool)).toEqual(sorted(DEFAULTS))
    await vi.advanceTimersByTimeAsync(RELAY_LIST_BROADCAST_DEBOUNCE_MS)
    expect(live(fakes.publishes).input.relays).toEqual(DEFAULTS)
  })

  it('signed out, Reset Preferences takes back relays added this session', async () => {
    const { actor, fakes } = start()
    edit(actor, ADD_X)
    expect(fakes.pool.map((entry) => entry.url)).toContain(X)
    actor.send({ type: 'relayList.restoreDefaults' })
    expect(sorted(fakes.pool)).toEqual(sorted(DEFAULTS))
    expect(fakes.stores).toEqual([])
  })

  it('an edit that changes nothing in the list goes to the pool and publishes nothing', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, true)
    edit(actor, REMOVE_X)
    await vi.advanceTimersByTimeAsync(5000)
    expect(fakes.stores).toHaveLength(1) // the fetched list only
    expect(fakes.publishes).toEqual([])
  })

  it('a public-key login stores edits and never publishes', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, false)
    edit(actor, ADD_X)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fakes.publishes).toEqual([])
    expect(actor.getSnapshot().matches({ signedIn: { broadcast: 'held' } })).toBe(true)
    expect(fakes.stores.at(-1)?.createdAt).toBeNull()
  })

  it('a held broadcast goes out as soon as the key is unlocked', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, false)
    edit(actor, ADD_X)
    await vi.advanceTimersByTimeAsync(RELAY_LIST_BROADCAST_DEBOUNCE_MS)
    actor.send({ type: 'relayList.signingChanged', canSign: true })
    expect(live(fakes.publishes).input.relays.map((entry) => entry.url)).toContain(X)
  })

  it('unpublished edits stored in an earlier session go out at the next login that can sign', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, true, { record: PENDING, checked: false }, FETCHED_OLD)
    expect(actor.getSnapshot().matches({ signedIn: { broadcast: 'debouncing' } })).toBe(true)
    await vi.advanceTimersByTimeAsync(RELAY_LIST_BROADCAST_DEBOUNCE_MS)
    expect(live(fakes.publishes).input.relays).toEqual(PENDING.relays)
  })

  it('a failed publish keeps the edits, shows the error, and the next edit tries again', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, true)
    edit(actor, ADD_X)
    await vi.advanceTimersByTimeAsync(RELAY_LIST_BROADCAST_DEBOUNCE_MS)
    live(fakes.publishes).reject(new Error(PUBLISH_FAILED))
    await settle()
    expect(relayListStatus(actor.getSnapshot())).toEqual({
      kind: 'failed',
      message: PUBLISH_FAILED,
    })
    expect(actor.getSnapshot().context.unpublished).toBe(true)
    expect(fakes.stores.at(-1)?.createdAt).toBeNull()
    edit(actor, INDEXER_READ)
    expect(actor.getSnapshot().context.error).toBeNull()
    await vi.advanceTimersByTimeAsync(RELAY_LIST_BROADCAST_DEBOUNCE_MS)
    expect(fakes.publishes).toHaveLength(2)
  })

  it('an edit while publishing starts the wait again and publishes the newer list', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, true)
    edit(actor, ADD_X)
    await vi.advanceTimersByTimeAsync(RELAY_LIST_BROADCAST_DEBOUNCE_MS)
    const first = live(fakes.publishes)
    edit(actor, INDEXER_READ)
    expect(first.signal.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(RELAY_LIST_BROADCAST_DEBOUNCE_MS)
    expect(live(fakes.publishes).input.relays.at(-1)).toEqual({ url: IDX, permission: 'read' })
  })

  it('edits made while the list loads are replayed on the loaded list', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relayList.signedIn', pubkey: PK, canSign: true })
    edit(actor, ADD_X)
    expect(fakes.pool.map((entry) => entry.url)).toContain(X)
    live(fakes.reads).resolve({ record: null, checked: false })
    await settle()
    edit(actor, INDEXER_READ)
    live(fakes.fetches).resolve(FETCHED_NEW)
    await settle()
    const relays: RelayEntry[] = [
      ...FETCHED_NEW.relays,
      { url: X, permission: 'readwrite' },
      { url: IDX, permission: 'read' },
    ]
    expect(actor.getSnapshot().context.relays).toEqual(relays)
    expect(sorted(fakes.pool)).toEqual(sorted(relays))
    expect(fakes.stores.at(-1)).toEqual({ pubkey: PK, relays, createdAt: null })
    expect(actor.getSnapshot().matches({ signedIn: { broadcast: 'debouncing' } })).toBe(true)
  })

  it('no list anywhere: the defaults, and the first edit makes them the user’s list', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, true, { record: null, checked: false }, null)
    expect(actor.getSnapshot().context.source).toBe('defaults')
    expect(fakes.stores).toEqual([])
    edit(actor, ADD_X)
    expect(fakes.stores.at(-1)?.relays).toEqual([...DEFAULTS, { url: X, permission: 'readwrite' }])
  })

  it('relays named in notes stand in for a missing list, without being stored', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, true, { record: null, checked: false }, GUESSED)
    expect(actor.getSnapshot().context).toMatchObject({ relays: GUESSED.relays, source: 'notes' })
    expect(fakes.stores).toEqual([])
  })

  it('sign-out puts the defaults back and forgets that this session asked', async () => {
    const { actor, fakes } = start()
    await signIn(actor, fakes, true)
    edit(actor, ADD_X)
    actor.send({ type: 'relayList.signedOut' })
    expect(sorted(fakes.pool)).toEqual(sorted(DEFAULTS))
    expect(fakes.checked.has(PK)).toBe(false)
    expect(actor.getSnapshot().context).toMatchObject({ pubkey: null, relays: DEFAULTS })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fakes.publishes).toEqual([])
    // The edit is still on this device for the next login.
    expect(fakes.stores.at(-1)?.relays.map((entry) => entry.url)).toContain(X)
  })

  it('signed out, edits go to the pool only', () => {
    const { actor, fakes } = start()
    edit(actor, ADD_X)
    expect(fakes.pool.map((entry) => entry.url)).toContain(X)
    expect(fakes.stores).toEqual([])
  })

  it('the placeholder effects fail loudly when not provided', async () => {
    const errors: unknown[] = []
    const actor = createActor(relayListMachine)
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.start()
    actor.send({ type: 'relayList.poolStarted', defaults: DEFAULTS })
    actor.send({ type: 'relayList.signedIn', pubkey: PK, canSign: true })
    // readStored and fetchRelayList refuse (the machine goes on), then applyToPool throws.
    await settle()
    await settle()
    expect(actor.getSnapshot().status).toBe('error')
    expect(String(errors[0])).toContain("'applyToPool' was not provided")
  })
})
