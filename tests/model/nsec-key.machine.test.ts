import { bytesToHex } from '@noble/hashes/utils.js'
import { getPublicKey } from 'nostr-tools/pure'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { Secret } from '../../src/core/platform/secret.ts'
import {
  KEY_ERRORS,
  type NsecKeyInput,
  type NsecKeyReport,
  nsecKeyMachine,
  type PersistKeyInput,
  secretShown,
  type UnlockedKey,
  type UnlockKeyInput,
} from '../../src/machines/nsec-key.machine.ts'
import { type Request, recordRequests } from './deferred.ts'
import {
  createModel,
  describePath,
  type EventSamples,
  type Harness,
  modelPaths,
  walkPath,
} from './walk.ts'

const KEY_BYTES = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const KEY = new Secret(KEY_BYTES)
const PUB = getPublicKey(KEY_BYTES)
const RIGHT_TEXT = 'correct horse battery'
const WRONG_TEXT = 'wrong horse battery'
const RIGHT = new Secret(RIGHT_TEXT)
const WRONG = new Secret(WRONG_TEXT)
const INCORRECT_PASSPHRASE = 'Incorrect passphrase. Please check your passphrase and try again.'
const NO_WEBCRYPTO = 'Secure persistence requires WebCrypto'
/** The view-secret wording of a damaged record, passed through as the effect words it. */
const DECRYPT_FAILED =
  'Failed to decrypt key. The saved copy is damaged; please log in with your NSEC directly to save it again.'

const SECRET_TEXTS = [bytesToHex(KEY_BYTES), JSON.stringify(KEY_BYTES), RIGHT_TEXT, WRONG_TEXT]
function expectNoSecret(text: string) {
  for (const secret of SECRET_TEXTS) expect(text).not.toContain(secret)
}

// ---------------------------------------------------------------------------------------------
// Fakes: one deferred promise per started effect; the reports the parent would get.

interface Fakes {
  requests: Request[]
  reports: NsecKeyReport[]
  live: () => Request[]
  pending: (id: string) => Request
}

function arrange() {
  const { requests, live, pending, deferred } = recordRequests()
  const fakes: Fakes = {
    requests,
    reports: [],
    live,
    pending,
  }
  const machine = nsecKeyMachine.provide({
    actors: {
      unlockKey: deferred<UnlockedKey, UnlockKeyInput>(),
      persistKey: deferred<void, PersistKeyInput>(),
    },
    actions: { report: (_, report) => fakes.reports.push(report) },
  })
  return { machine, fakes }
}

const LOCKED: NsecKeyInput = { pubkey: PUB, key: null }
const UNLOCKED: NsecKeyInput = { pubkey: PUB, key: KEY }

function start(input: NsecKeyInput) {
  const { machine, fakes } = arrange()
  const actor = createActor(machine, { input }).start()
  return { actor, fakes }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

// ---------------------------------------------------------------------------------------------
// Model: every transition of the graph, from a locked key and from a key in memory.

const samples: EventSamples<typeof nsecKeyMachine> = {
  'key.unlock': [{ type: 'key.unlock', passphrase: RIGHT }],
  'key.persist': [{ type: 'key.persist', passphrase: RIGHT }],
  'secret.view': [{ type: 'secret.view', passphrase: RIGHT }],
  'login.requested': [{ type: 'login.requested', action: 'react' }],
  'xstate.done.actor.unlock': [
    { type: 'xstate.done.actor.unlock', output: { key: KEY, pubkey: PUB } },
  ],
  'xstate.error.actor.unlock': [
    { type: 'xstate.error.actor.unlock', error: new Error(INCORRECT_PASSPHRASE) },
  ],
  'xstate.done.actor.verify': [
    { type: 'xstate.done.actor.verify', output: { key: KEY, pubkey: PUB } },
  ],
  'xstate.error.actor.verify': [
    { type: 'xstate.error.actor.verify', error: new Error(DECRYPT_FAILED) },
  ],
  'xstate.done.actor.persist': [{ type: 'xstate.done.actor.persist' }],
  'xstate.error.actor.persist': [
    { type: 'xstate.error.actor.persist', error: new Error(NO_WEBCRYPTO) },
  ],
}

// The pure machine has no parent to report to: the model's reports go nowhere.
const modelMachine = nsecKeyMachine.provide({ actions: { report: () => {} } })

/** Each effect's settlement and the report it must produce. */
const settleAs =
  (outcome: 'resolve' | 'reject', id: string) =>
  async (event: { output?: unknown; error?: unknown }, { fakes }: { fakes: Fakes }) => {
    const request = fakes.pending(id)
    const before = fakes.reports.length
    if (outcome === 'resolve') request.resolve(event.output)
    else request.reject(event.error)
    await settle()
    const expected: Record<string, NsecKeyReport[]> = {
      'resolve unlock': [{ type: 'nsec.unlocked', key: KEY }],
      'reject unlock': [{ type: 'nsec.failed', message: INCORRECT_PASSPHRASE }],
      'resolve verify': [],
      'reject verify': [{ type: 'nsec.failed', message: DECRYPT_FAILED }],
      'resolve persist': [{ type: 'nsec.saved' }],
      'reject persist': [{ type: 'nsec.failed', message: NO_WEBCRYPTO }],
    }
    expect(fakes.reports.slice(before)).toEqual(expected[`${outcome} ${id}`])
  }

const harness: Harness<typeof nsecKeyMachine, Fakes> = {
  arrange,
  deliver: Object.fromEntries(
    ['unlock', 'verify', 'persist'].flatMap((id) => [
      [`xstate.done.actor.${id}`, settleAs('resolve', id)],
      [`xstate.error.actor.${id}`, settleAs('reject', id)],
    ]),
  ),
  states: {
    '*': (snapshot, { fakes }) => {
      expectNoSecret(JSON.stringify(snapshot))
      expectNoSecret(JSON.stringify(fakes.reports))
      const { context } = snapshot
      expect(context.pubkey).toBe(PUB)
      expect(context.key === null || context.key instanceof Secret).toBe(true)
      const running = fakes.live().map((r) => r.id)
      expect(new Set(running).size, 'one request per effect').toBe(running.length)
      expect(secretShown(snapshot)).toBe(snapshot.matches({ unlocked: { secret: 'shown' } }))
    },
    locked: (snapshot, { fakes }) => {
      expect(snapshot.context.key).toBeNull()
      expect(fakes.live().filter((r) => r.id !== 'unlock')).toEqual([])
    },
    'locked.idle': (_snapshot, { fakes }) => {
      expect(fakes.live()).toEqual([])
    },
    'locked.unlocking': (_snapshot, { fakes }) => {
      expect(fakes.pending('unlock').input).toEqual({
        pubkey: PUB,
        passphrase: RIGHT,
        purpose: 'unlock',
      })
      expect(fakes.reports.at(-1)).toEqual({ type: 'nsec.busy' })
    },
    unlocked: (snapshot) => {
      expect(snapshot.context.key?.reveal()).toBe(KEY_BYTES)
    },
    'unlocked.save.saving': (_snapshot, { fakes }) => {
      expect(fakes.pending('persist').input).toEqual({ key: KEY, pubkey: PUB, passphrase: RIGHT })
    },
    'unlocked.secret.verifying': (_snapshot, { fakes }) => {
      expect(fakes.pending('verify').input).toEqual({
        pubkey: PUB,
        passphrase: RIGHT,
        purpose: 'viewSecret',
      })
    },
  },
}

describe.each([
  ['locked', LOCKED],
  ['in memory', UNLOCKED],
])('nsec key machine model (%s)', (_name, input) => {
  const model = createModel({ machine: modelMachine, input, samples })
  const paths = modelPaths(model, 'transitions')

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_path, path) =>
    walkPath(model, path, harness),
  )
})

describe('nsec key machine model', () => {
  it('reaches every state of the diagram', () => {
    const leaves = (value: unknown, prefix: string): string[] =>
      typeof value === 'string'
        ? [`${prefix}${value}`]
        : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
            leaves(child, `${prefix}${key}.`),
          )
    const reached = new Set(
      [LOCKED, UNLOCKED].flatMap((input) =>
        modelPaths(createModel({ machine: modelMachine, input, samples }), 'transitions').flatMap(
          (p) => p.steps.flatMap((s) => leaves(s.state.value, '')),
        ),
      ),
    )
    expect([...reached].sort()).toEqual(
      [
        'locked.idle',
        'locked.unlocking',
        'unlocked.save.idle',
        'unlocked.save.saving',
        'unlocked.secret.hidden',
        'unlocked.secret.verifying',
        'unlocked.secret.shown',
      ].sort(),
    )
  })
})

// ---------------------------------------------------------------------------------------------
// Scenarios with exact texts.

describe('nsec key machine scenarios', () => {
  it('a locked key: the wrong passphrase keeps it locked, the right one unlocks it', async () => {
    const { actor, fakes } = start(LOCKED)
    expect(actor.getSnapshot().value).toEqual({ locked: 'idle' })
    actor.send({ type: 'key.unlock', passphrase: WRONG })
    expect(fakes.pending('unlock').input).toEqual({
      pubkey: PUB,
      passphrase: WRONG,
      purpose: 'unlock',
    })
    fakes.pending('unlock').reject(new Error(INCORRECT_PASSPHRASE))
    await settle()
    expect(actor.getSnapshot().value).toEqual({ locked: 'idle' })
    actor.send({ type: 'key.unlock', passphrase: RIGHT })
    fakes.pending('unlock').resolve({ key: KEY, pubkey: PUB })
    await settle()
    expect(actor.getSnapshot().matches('unlocked')).toBe(true)
    expect(actor.getSnapshot().context.key?.reveal()).toBe(KEY_BYTES)
    expect(fakes.reports).toEqual([
      { type: 'nsec.busy' },
      { type: 'nsec.failed', message: INCORRECT_PASSPHRASE },
      { type: 'nsec.busy' },
      { type: 'nsec.unlocked', key: KEY },
    ])
  })

  it('an unlock failure without a message says Failed to unlock', async () => {
    const { actor, fakes } = start(LOCKED)
    actor.send({ type: 'key.unlock', passphrase: RIGHT })
    fakes.pending('unlock').reject(new Error(''))
    await settle()
    expect(fakes.reports.at(-1)).toEqual({ type: 'nsec.failed', message: 'Failed to unlock' })
  })

  it("the unlock modal's action is reported only while the key waits for its passphrase", () => {
    const { actor, fakes } = start(LOCKED)
    actor.send({ type: 'login.requested', action: 'react' })
    actor.send({ type: 'login.cancelled' })
    actor.send({ type: 'login.requested' })
    actor.send({ type: 'key.unlock', passphrase: RIGHT })
    actor.send({ type: 'login.requested', action: 'follow' })
    expect(fakes.reports).toEqual([
      { type: 'nsec.pendingAction', action: 'react' },
      { type: 'nsec.pendingAction', action: null },
      { type: 'nsec.pendingAction', action: null },
      { type: 'nsec.busy' },
    ])
    const unlocked = start(UNLOCKED)
    unlocked.actor.send({ type: 'login.requested', action: 'react' })
    expect(unlocked.fakes.reports).toEqual([])
  })

  it('saving: a failure shows its message or the fallback, then a retry saves', async () => {
    const { actor, fakes } = start(UNLOCKED)
    actor.send({ type: 'key.persist', passphrase: RIGHT })
    fakes.pending('persist').reject(new Error(NO_WEBCRYPTO))
    await settle()
    actor.send({ type: 'key.persist', passphrase: RIGHT })
    fakes.pending('persist').reject('not an Error')
    await settle()
    actor.send({ type: 'key.persist', passphrase: RIGHT })
    actor.send({ type: 'key.persist', passphrase: WRONG })
    expect(fakes.pending('persist').input).toEqual({ key: KEY, pubkey: PUB, passphrase: RIGHT })
    fakes.pending('persist').resolve(undefined)
    await settle()
    expect(fakes.reports).toEqual([
      { type: 'nsec.busy' },
      { type: 'nsec.failed', message: NO_WEBCRYPTO },
      { type: 'nsec.busy' },
      { type: 'nsec.failed', message: 'Failed to save key' },
      { type: 'nsec.busy' },
      { type: 'nsec.saved' },
    ])
  })

  it('view nsec: the passphrase is checked again; hiding it needs no check', async () => {
    const { actor, fakes } = start(UNLOCKED)
    actor.send({ type: 'secret.view', passphrase: WRONG })
    // The effect words a wrong passphrase for this screen; a wordless error gets the same text.
    fakes.pending('verify').reject(new Error(''))
    await settle()
    expect(fakes.reports.at(-1)).toEqual({
      type: 'nsec.failed',
      message: KEY_ERRORS.viewSecretFailed,
    })
    expect(KEY_ERRORS.viewSecretFailed).toBe(
      'Invalid passphrase or no saved secret for this account',
    )
    expect(secretShown(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'secret.view', passphrase: RIGHT })
    fakes.pending('verify').resolve({ key: KEY, pubkey: PUB })
    await settle()
    expect(secretShown(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'secret.hide' })
    expect(secretShown(actor.getSnapshot())).toBe(false)
    expect(secretShown(undefined)).toBe(false)
  })

  it('a locked key is neither saved nor shown', () => {
    const { actor, fakes } = start(LOCKED)
    actor.send({ type: 'key.persist', passphrase: RIGHT })
    actor.send({ type: 'secret.view', passphrase: RIGHT })
    expect(fakes.requests).toEqual([])
    expect(actor.getSnapshot().value).toEqual({ locked: 'idle' })
  })

  it('the placeholder actors fail loudly when not provided', async () => {
    const reports: NsecKeyReport[] = []
    const machine = nsecKeyMachine.provide({ actions: { report: (_, r) => reports.push(r) } })
    const actor = createActor(machine, { input: LOCKED }).start()
    actor.send({ type: 'key.unlock', passphrase: RIGHT })
    await settle()
    expect(reports.at(-1)).toEqual({
      type: 'nsec.failed',
      message: expect.stringContaining("'unlockKey' actor was not provided"),
    })
  })
})
