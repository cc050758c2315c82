import { bytesToHex } from '@noble/hashes/utils.js'
import { getPublicKey } from 'nostr-tools/pure'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type Actor,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
  type NonReducibleUnknown,
} from 'xstate'
import { Secret } from '../../src/core/secret.ts'
import {
  canSign,
  canViewSecret,
  EXTENSION_POLL_MS,
  EXTENSION_POW_SIGN_TIMEOUT_MS,
  EXTENSION_PUBKEY_TIMEOUT_MS,
  EXTENSION_SIGN_TIMEOUT_MS,
  type ExtensionAvailabilityEvent,
  keyStatusLabel,
  LOGIN_ERRORS,
  type LoginEmitted,
  type LoginSnapshot,
  loginMachine,
  type PersistKeyInput,
  SIGNING_UNAVAILABLE,
  sameBytes,
  signingUnavailable,
  type UnlockedKey,
  type UnlockKeyInput,
  type WatchExtensionInput,
} from '../../src/machines/login.machine.ts'
import {
  createModel,
  describePath,
  type EventSamples,
  type Harness,
  modelPaths,
  walkPath,
} from './walk.ts'

// One key, one pubkey, one right and one wrong passphrase (plus a stranger's key for sign-out).
const KEY_BYTES = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const KEY = new Secret(KEY_BYTES)
const PUB = getPublicKey(KEY_BYTES)
const OTHER_BYTES = Uint8Array.from({ length: 32 }, (_, i) => 64 - i)
const OTHER_KEY = new Secret(OTHER_BYTES)
const OTHER_PUB = getPublicKey(OTHER_BYTES)
const RIGHT_TEXT = 'correct horse battery'
const WRONG_TEXT = 'wrong horse battery'
const RIGHT = new Secret(RIGHT_TEXT)
const WRONG = new Secret(WRONG_TEXT)
const BUNKER = `bunker://${PUB}?relay=wss://relay.example.com`

const INCORRECT_PASSPHRASE = 'Incorrect passphrase. Please check your passphrase and try again.'
const EXTENSION_REJECTED = 'User rejected the request'
const REMOTE_REFUSED = 'Remote signer refused the connection'
const NO_WEBCRYPTO = 'Secure persistence requires WebCrypto'
const FORGET_FAILED = 'Could not open the keystore'

/** Texts that must never appear in a serialised snapshot, event or log. */
const SECRET_TEXTS = [
  bytesToHex(KEY_BYTES),
  bytesToHex(OTHER_BYTES),
  JSON.stringify(KEY_BYTES),
  JSON.stringify(OTHER_BYTES),
  RIGHT_TEXT,
  WRONG_TEXT,
]
function expectNoSecret(text: string) {
  for (const secret of SECRET_TEXTS) expect(text).not.toContain(secret)
}

// ---------------------------------------------------------------------------------------------
// Fakes: one deferred promise per started effect, one fake watcher per signed-out period.

interface Request {
  /** The invoke id: extension, unlock, verify, remote, persist, forget. */
  id: string
  input: unknown
  settled: boolean
  signal: AbortSignal
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

interface Watcher {
  input: WatchExtensionInput
  stopped: boolean
  report: (event: ExtensionAvailabilityEvent) => void
}

interface Fakes {
  requests: Request[]
  watchers: Watcher[]
  emitted: LoginEmitted[]
  /** The one pending request of an invoke id. */
  pending: (id: string) => Request
  /** Requests still running (neither settled nor stopped). */
  live: () => Request[]
  /** The one running watcher. */
  watcher: () => Watcher
}

function arrange() {
  const requests: Request[] = []
  const watchers: Watcher[] = []
  const live = () => requests.filter((r) => !r.settled && !r.signal.aborted)
  // A promise actor that waits for the test to settle it; `self.id` is the invoke id.
  const deferred = <TOutput, TInput>() =>
    fromPromise<TOutput, TInput>(
      ({ input, self, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          const request: Request = {
            id: self.id,
            input,
            settled: false,
            signal,
            resolve: (value) => {
              request.settled = true
              // The test settles a request with the output its model event carries.
              resolve(value as TOutput)
            },
            reject: (error) => {
              request.settled = true
              reject(error)
            },
          }
          requests.push(request)
        }),
    )
  const fakes: Fakes = {
    requests,
    watchers,
    emitted: [],
    live,
    pending: (id) => {
      const found = live().filter((r) => r.id === id)
      const [request, ...more] = found
      if (!request || more.length)
        throw new Error(`expected one pending ${id}, got ${found.length}`)
      return request
    },
    watcher: () => {
      const running = watchers.filter((w) => !w.stopped)
      const [watcher, ...more] = running
      if (!watcher || more.length) throw new Error(`expected one watcher, got ${running.length}`)
      return watcher
    },
  }
  const machine = loginMachine.provide({
    actors: {
      extensionPublicKey: deferred<string, NonReducibleUnknown>(),
      unlockKey: deferred<UnlockedKey, UnlockKeyInput>(),
      persistKey: deferred<void, PersistKeyInput>(),
      forgetKey: deferred<void, { pubkey: string }>(),
      connectRemote: deferred<{ pubkey: string }, { uri: string }>(),
      watchExtension: fromCallback<EventObject, WatchExtensionInput>(({ input, sendBack }) => {
        const watcher: Watcher = { input, stopped: false, report: (event) => sendBack(event) }
        watchers.push(watcher)
        return () => {
          watcher.stopped = true
        }
      }),
    },
  })
  return { machine, fakes }
}

function start() {
  const { machine, fakes } = arrange()
  const actor = createActor(machine)
  actor.on('*', (event) => fakes.emitted.push(event))
  actor.start()
  return { actor, fakes }
}

// Promise settlements reach the actor on the microtask queue.
const settle = () => vi.advanceTimersByTimeAsync(0)

async function resolve(fakes: Fakes, id: string, value?: unknown) {
  fakes.pending(id).resolve(value)
  await settle()
}
async function reject(fakes: Fakes, id: string, error: unknown) {
  fakes.pending(id).reject(error)
  await settle()
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

// ---------------------------------------------------------------------------------------------
// Model: every transition of the graph generated from the machine, replayed on a real actor.

const samples: EventSamples<typeof loginMachine> = {
  'login.requested': [{ type: 'login.requested', action: 'react' }],
  'login.nsec': [
    { type: 'login.nsec', key: KEY, pubkey: PUB },
    { type: 'login.nsec', key: KEY, pubkey: PUB, persist: { passphrase: RIGHT } },
  ],
  'login.npub': [{ type: 'login.npub', pubkey: PUB }],
  'login.saved': [{ type: 'login.saved', pubkey: PUB, passphrase: RIGHT }],
  'login.remote': [{ type: 'login.remote', uri: BUNKER }],
  'session.restore': [
    { type: 'session.restore', pubkey: PUB, method: 'nsec' },
    { type: 'session.restore', pubkey: PUB, method: 'nip07' },
    { type: 'session.restore', pubkey: PUB, method: 'npub' },
    { type: 'session.restore', pubkey: PUB, method: 'remote', uri: BUNKER },
  ],
  'extension.availability': [
    { type: 'extension.availability', available: true },
    { type: 'extension.availability', available: false },
  ],
  'key.unlock': [{ type: 'key.unlock', passphrase: RIGHT }],
  'key.persist': [{ type: 'key.persist', passphrase: RIGHT }],
  'secret.view': [{ type: 'secret.view', passphrase: RIGHT }],
  'logout.deleteSavedKey': [
    { type: 'logout.deleteSavedKey', nsecTyped: KEY, pubkey: PUB },
    { type: 'logout.deleteSavedKey', nsecTyped: OTHER_KEY, pubkey: OTHER_PUB },
  ],
  'xstate.done.actor.extension': [{ type: 'xstate.done.actor.extension', output: PUB }],
  'xstate.error.actor.extension': [
    { type: 'xstate.error.actor.extension', error: new Error(EXTENSION_REJECTED) },
  ],
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
    { type: 'xstate.error.actor.verify', error: new Error(INCORRECT_PASSPHRASE) },
  ],
  'xstate.done.actor.remote': [{ type: 'xstate.done.actor.remote', output: { pubkey: PUB } }],
  'xstate.error.actor.remote': [
    { type: 'xstate.error.actor.remote', error: new Error(REMOTE_REFUSED) },
  ],
  'xstate.done.actor.persist': [{ type: 'xstate.done.actor.persist' }],
  'xstate.error.actor.persist': [
    { type: 'xstate.error.actor.persist', error: new Error(NO_WEBCRYPTO) },
  ],
  'xstate.done.actor.forget': [{ type: 'xstate.done.actor.forget' }],
  'xstate.error.actor.forget': [
    { type: 'xstate.error.actor.forget', error: new Error(FORGET_FAILED) },
  ],
}

const model = createModel({ machine: loginMachine, samples })

const errorTexts = [
  null,
  LOGIN_ERRORS.extensionNotFound,
  LOGIN_ERRORS.extensionTimeout,
  LOGIN_ERRORS.keyMismatch,
  LOGIN_ERRORS.viewSecretFailed,
  EXTENSION_REJECTED,
  INCORRECT_PASSPHRASE,
  REMOTE_REFUSED,
  NO_WEBCRYPTO,
  FORGET_FAILED,
]

const settleAs =
  (outcome: 'resolve' | 'reject', id: string) =>
  async (event: { output?: unknown; error?: unknown }, { fakes }: { fakes: Fakes }) => {
    if (outcome === 'resolve') await resolve(fakes, id, event.output)
    else await reject(fakes, id, event.error)
  }

const lifecycle = (fakes: Fakes) => fakes.emitted.filter((e) => e.type !== 'key.unlocked')

const harness: Harness<typeof loginMachine, Fakes> = {
  arrange,
  observe: (actor, fakes) => {
    actor.on('*', (event) => fakes.emitted.push(event))
  },
  deliver: {
    'extension.availability': (event, { fakes }) => fakes.watcher().report(event),
    ...Object.fromEntries(
      ['extension', 'unlock', 'verify', 'remote', 'persist', 'forget'].flatMap((id) => [
        [`xstate.done.actor.${id}`, settleAs('resolve', id)],
        [`xstate.error.actor.${id}`, settleAs('reject', id)],
      ]),
    ),
  },
  states: {
    '*': (snapshot, { fakes }) => {
      expectNoSecret(JSON.stringify(snapshot))
      expectNoSecret(JSON.stringify(fakes.emitted))
      const { context } = snapshot
      expect(context.key === null || context.key instanceof Secret).toBe(true)
      expect(errorTexts).toContain(context.error)
      expect(signingUnavailable(snapshot) === null).toBe(canSign(snapshot))
      // Every started effect is the one of the state it runs in.
      const running = fakes.live().map((r) => r.id)
      expect(new Set(running).size, 'one request per effect').toBe(running.length)
      for (const emitted of fakes.emitted) expect(emitted.pubkey).toBe(PUB)
    },
    signedOut: (snapshot, { fakes }) => {
      expect(snapshot.context).toMatchObject({
        pubkey: null,
        method: null,
        key: null,
        persistedThisSession: false,
      })
      expect(fakes.watcher().input).toEqual({ intervalMs: EXTENSION_POLL_MS })
      expect(canSign(snapshot)).toBe(false)
      expect(keyStatusLabel(snapshot)).toBeNull()
      expect(signingUnavailable(snapshot)).toBe(SIGNING_UNAVAILABLE.noMethod)
      expect(canViewSecret(snapshot)).toBe(false)
      const last = lifecycle(fakes).at(-1)
      if (last) expect(last).toEqual({ type: 'session.signedOut', pubkey: PUB })
      expect(fakes.live().filter((r) => r.id === 'forget' || r.id === 'persist')).toEqual([])
    },
    'signedOut.gate.idle': (snapshot) => {
      expect(snapshot.context.pendingAction).toBeNull()
    },
    'signedOut.gate.choosing': (snapshot) => {
      expect(snapshot.context.pendingAction).toBe('react')
    },
    'signedOut.attempt.ready': (_snapshot, { fakes }) => {
      expect(fakes.live()).toEqual([])
    },
    'signedOut.attempt.extension': (_snapshot, { fakes }) => {
      expect(fakes.pending('extension').input).toBeUndefined()
    },
    'signedOut.attempt.unlocking': (snapshot, { fakes }) => {
      expect(fakes.pending('unlock').input).toEqual({ pubkey: PUB, passphrase: RIGHT })
      expect(snapshot.context.error).toBeNull()
    },
    'signedOut.attempt.remote': (_snapshot, { fakes }) => {
      expect(fakes.pending('remote').input).toEqual({ uri: BUNKER })
    },
    signedIn: (snapshot, { fakes }) => {
      const { context } = snapshot
      expect(context.pubkey).toBe(PUB)
      expect(context.method).not.toBeNull()
      expect(
        fakes.watchers.every((w) => w.stopped),
        'no watcher while signed in',
      ).toBe(true)
      expect(lifecycle(fakes).at(-1)).toEqual({
        type: 'session.signedIn',
        pubkey: PUB,
        method: context.method,
        pendingAction: expect.toBeOneOf([null, 'react']),
      })
      if (!snapshot.matches({ signedIn: { method: { nsec: 'locked' } } })) {
        expect(context.pendingAction).toBeNull()
      }
      expect(fakes.live().filter((r) => ['extension', 'remote'].includes(r.id))).toEqual([])
    },
    'signedIn.method.nip07': (snapshot) => {
      expect(snapshot.context.key).toBeNull()
      expect(canSign(snapshot)).toBe(true)
      expect(keyStatusLabel(snapshot)).toBe('Using Extension Key')
    },
    'signedIn.method.npub': (snapshot) => {
      expect(snapshot.context.key).toBeNull()
      expect(canSign(snapshot)).toBe(false)
      expect(keyStatusLabel(snapshot)).toBe('Using Public Key Only')
      expect(signingUnavailable(snapshot)).toBe(SIGNING_UNAVAILABLE.noMethod)
    },
    'signedIn.method.remote': (snapshot) => {
      expect(snapshot.context.key).toBeNull()
      expect(canSign(snapshot)).toBe(true)
      expect(keyStatusLabel(snapshot)).toBe('Using Remote Signer')
    },
    'signedIn.method.nsec.unlocked': (snapshot) => {
      const { key } = snapshot.context
      expect(key).toBeInstanceOf(Secret)
      expect(bytesToHex(key?.reveal() ?? new Uint8Array())).toBe(bytesToHex(KEY_BYTES))
      expect(canSign(snapshot)).toBe(true)
      expect(keyStatusLabel(snapshot)).toBe('Key: Unlocked')
      expect(canViewSecret(snapshot)).toBe(snapshot.context.persistedThisSession)
    },
    'signedIn.method.nsec.unlocked.save.saving': (_snapshot, { fakes }) => {
      expect(fakes.pending('persist').input).toEqual({ key: KEY, pubkey: PUB, passphrase: RIGHT })
    },
    'signedIn.method.nsec.unlocked.secret.verifying': (_snapshot, { fakes }) => {
      expect(fakes.pending('verify').input).toEqual({ pubkey: PUB, passphrase: RIGHT })
    },
    'signedIn.method.nsec.unlocked.secret.shown': (snapshot) => {
      expect(canViewSecret(snapshot)).toBe(true)
    },
    'signedIn.method.nsec.locked': (snapshot) => {
      expect(snapshot.context.key).toBeNull()
      expect(snapshot.context.persistedThisSession).toBe(true)
      expect(canSign(snapshot)).toBe(false)
      expect(keyStatusLabel(snapshot)).toBe('Key: Locked')
      expect(signingUnavailable(snapshot)).toBe(SIGNING_UNAVAILABLE.locked)
    },
    'signedIn.method.nsec.locked.unlocking': (_snapshot, { fakes }) => {
      expect(fakes.pending('unlock').input).toEqual({ pubkey: PUB, passphrase: RIGHT })
    },
    'signedIn.signOut.confirming': (snapshot) => {
      const { method, persistedThisSession } = snapshot.context
      expect(method === 'nsec' && persistedThisSession).toBe(false)
    },
    'signedIn.signOut.choosing': (snapshot) => {
      expect(snapshot.context.method).toBe('nsec')
      expect(snapshot.context.persistedThisSession).toBe(true)
    },
    'signedIn.signOut.deleting': (_snapshot, { fakes }) => {
      expect(fakes.pending('forget').input).toEqual({ pubkey: PUB })
    },
  },
}

describe('login machine model', () => {
  const paths = modelPaths(model, 'transitions')

  it('reaches every state of the diagram', () => {
    const leaves = (value: unknown, prefix: string): string[] =>
      typeof value === 'string'
        ? [`${prefix}${value}`]
        : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
            leaves(child, `${prefix}${key}.`),
          )
    const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => leaves(s.state.value, ''))))
    expect([...reached].sort()).toEqual(
      [
        'signedOut.gate.idle',
        'signedOut.gate.choosing',
        'signedOut.attempt.ready',
        'signedOut.attempt.extension',
        'signedOut.attempt.unlocking',
        'signedOut.attempt.remote',
        'signedIn.method.nip07',
        'signedIn.method.npub',
        'signedIn.method.remote',
        'signedIn.method.nsec.unlocked.save.idle',
        'signedIn.method.nsec.unlocked.save.saving',
        'signedIn.method.nsec.unlocked.secret.hidden',
        'signedIn.method.nsec.unlocked.secret.verifying',
        'signedIn.method.nsec.unlocked.secret.shown',
        'signedIn.method.nsec.locked.idle',
        'signedIn.method.nsec.locked.unlocking',
        'signedIn.signOut.closed',
        'signedIn.signOut.confirming',
        'signedIn.signOut.choosing',
        'signedIn.signOut.deleting',
      ].sort(),
    )
  })

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

// ---------------------------------------------------------------------------------------------
// Scenarios with exact texts and timings.

const at = (actor: Actor<typeof loginMachine>): LoginSnapshot => actor.getSnapshot()

describe('login machine scenarios', () => {
  it('exports the spec timeouts', () => {
    expect([
      EXTENSION_PUBKEY_TIMEOUT_MS,
      EXTENSION_SIGN_TIMEOUT_MS,
      EXTENSION_POW_SIGN_TIMEOUT_MS,
      EXTENSION_POLL_MS,
    ]).toEqual([15_000, 20_000, 30_000, 5_000])
  })

  it('the login gate stores the pending action and hands it over on success', async () => {
    const { actor, fakes } = start()
    fakes.watcher().report({ type: 'extension.availability', available: true })
    actor.send({ type: 'login.requested', action: 'follow' })
    expect(at(actor).value).toEqual({ signedOut: { gate: 'choosing', attempt: 'ready' } })
    expect(at(actor).context.pendingAction).toBe('follow')
    actor.send({ type: 'login.nip07' })
    // The modal stays open while the extension is asked.
    expect(at(actor).value).toEqual({ signedOut: { gate: 'choosing', attempt: 'extension' } })
    await resolve(fakes, 'extension', PUB)
    expect(at(actor).matches({ signedIn: { method: 'nip07' } })).toBe(true)
    expect(fakes.emitted).toEqual([
      { type: 'session.signedIn', pubkey: PUB, method: 'nip07', pendingAction: 'follow' },
    ])
    expect(at(actor).context.pendingAction).toBeNull()
  })

  it('cancel drops the pending action', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.requested', action: 'react' })
    actor.send({ type: 'login.cancelled' })
    expect(at(actor).value).toEqual({ signedOut: { gate: 'idle', attempt: 'ready' } })
    expect(at(actor).context.pendingAction).toBeNull()
    actor.send({ type: 'login.npub', pubkey: PUB })
    expect(fakes.emitted).toEqual([
      { type: 'session.signedIn', pubkey: PUB, method: 'npub', pendingAction: null },
    ])
  })

  it('cancel also abandons an attempt in flight', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.requested', action: 'react' })
    actor.send({ type: 'login.remote', uri: BUNKER })
    const request = fakes.pending('remote')
    actor.send({ type: 'login.cancelled' })
    expect(at(actor).value).toEqual({ signedOut: { gate: 'idle', attempt: 'ready' } })
    expect(request.signal.aborted).toBe(true)
  })

  it('logging in from the settings panel needs no gate', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.nsec', key: KEY, pubkey: PUB })
    expect(at(actor).matches({ signedIn: { method: { nsec: 'unlocked' } } })).toBe(true)
    expect(at(actor).context.key?.reveal()).toBe(KEY_BYTES)
    expect(fakes.emitted).toEqual([
      { type: 'session.signedIn', pubkey: PUB, method: 'nsec', pendingAction: null },
    ])
    expectNoSecret(JSON.stringify(at(actor)))
    expect(String(at(actor).context.key)).toBe('[redacted]')
  })

  it('NIP-07: not found when unavailable, availability followed every report', () => {
    const { actor, fakes } = start()
    expect(at(actor).context.extensionAvailable).toBe(false)
    actor.send({ type: 'login.nip07' })
    expect(at(actor).context.error).toBe('Nostr extension not found')
    expect(at(actor).matches({ signedOut: { attempt: 'ready' } })).toBe(true)
    expect(fakes.requests).toEqual([])
    fakes.watcher().report({ type: 'extension.availability', available: true })
    expect(at(actor).context.extensionAvailable).toBe(true)
    actor.send({ type: 'login.nip07' })
    expect(at(actor).context.error).toBeNull()
    expect(at(actor).matches({ signedOut: { attempt: 'extension' } })).toBe(true)
  })

  it('NIP-07: no answer within 15 s gives the timeout text, and a late answer is ignored', async () => {
    const { actor, fakes } = start()
    fakes.watcher().report({ type: 'extension.availability', available: true })
    actor.send({ type: 'login.requested', action: 'react' })
    actor.send({ type: 'login.nip07' })
    const request = fakes.pending('extension')
    await vi.advanceTimersByTimeAsync(EXTENSION_PUBKEY_TIMEOUT_MS - 1)
    expect(at(actor).matches({ signedOut: { attempt: 'extension' } })).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(at(actor).value).toEqual({ signedOut: { gate: 'choosing', attempt: 'ready' } })
    expect(at(actor).context.error).toBe('Extension did not respond in time')
    expect(at(actor).context.pendingAction).toBe('react')
    expect(request.signal.aborted).toBe(true)
    request.resolve(PUB)
    await settle()
    expect(at(actor).matches('signedOut')).toBe(true)
    expect(fakes.emitted).toEqual([])
  })

  it.each([
    [new Error(EXTENSION_REJECTED), EXTENSION_REJECTED],
    [new Error(''), 'Failed to sign in with extension'],
    ['not an Error', 'Failed to sign in with extension'],
  ])('NIP-07: a failure shows its message or the fallback (%s)', async (error, text) => {
    const { actor, fakes } = start()
    fakes.watcher().report({ type: 'extension.availability', available: true })
    actor.send({ type: 'login.nip07' })
    await reject(fakes, 'extension', error)
    expect(at(actor).context.error).toBe(text)
    // A new attempt clears it.
    actor.send({ type: 'login.nip07' })
    expect(at(actor).context.error).toBeNull()
  })

  it('saved account: the wrong passphrase shows the unlock error, the right one signs in', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.requested', action: 'repost' })
    actor.send({ type: 'login.saved', pubkey: PUB, passphrase: WRONG })
    expect(fakes.pending('unlock').input).toEqual({ pubkey: PUB, passphrase: WRONG })
    await reject(fakes, 'unlock', new Error(INCORRECT_PASSPHRASE))
    expect(at(actor).value).toEqual({ signedOut: { gate: 'choosing', attempt: 'ready' } })
    expect(at(actor).context.error).toBe(INCORRECT_PASSPHRASE)
    actor.send({ type: 'login.saved', pubkey: PUB, passphrase: RIGHT })
    await resolve(fakes, 'unlock', { key: KEY, pubkey: PUB })
    expect(at(actor).matches({ signedIn: { method: { nsec: 'unlocked' } } })).toBe(true)
    expect(at(actor).context).toMatchObject({ pubkey: PUB, persistedThisSession: true })
    expect(canViewSecret(at(actor))).toBe(true)
    expect(fakes.emitted).toEqual([
      { type: 'session.signedIn', pubkey: PUB, method: 'nsec', pendingAction: 'repost' },
    ])
  })

  it('restore after a reload: a saved nsec comes back locked; a wrong passphrase keeps it locked', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'session.restore', pubkey: PUB, method: 'nsec' })
    expect(at(actor).value).toEqual({
      signedIn: { method: { nsec: { locked: 'idle' } }, signOut: 'closed' },
    })
    expect(fakes.requests).toEqual([])
    expect(keyStatusLabel(at(actor))).toBe('Key: Locked')
    expect(signingUnavailable(at(actor))).toBe(
      'Key is locked. Please unlock your NSEC key with your passphrase to sign.',
    )
    // An action that needs signing opens the unlock modal ('Unlock & react').
    actor.send({ type: 'login.requested', action: 'react' })
    expect(at(actor).context.pendingAction).toBe('react')
    actor.send({ type: 'key.unlock', passphrase: WRONG })
    expect(fakes.pending('unlock').input).toEqual({ pubkey: PUB, passphrase: WRONG })
    await reject(fakes, 'unlock', new Error(INCORRECT_PASSPHRASE))
    expect(at(actor).matches({ signedIn: { method: { nsec: { locked: 'idle' } } } })).toBe(true)
    expect(at(actor).context.error).toBe(INCORRECT_PASSPHRASE)
    expect(at(actor).context.key).toBeNull()
    actor.send({ type: 'key.unlock', passphrase: RIGHT })
    expect(at(actor).context.error).toBeNull()
    await resolve(fakes, 'unlock', { key: KEY, pubkey: PUB })
    expect(at(actor).matches({ signedIn: { method: { nsec: 'unlocked' } } })).toBe(true)
    expect(at(actor).context.key?.reveal()).toBe(KEY_BYTES)
    expect(canSign(at(actor))).toBe(true)
    expect(at(actor).context.pendingAction).toBeNull()
    expect(fakes.emitted).toEqual([
      { type: 'session.signedIn', pubkey: PUB, method: 'nsec', pendingAction: null },
      { type: 'key.unlocked', pubkey: PUB, pendingAction: 'react' },
    ])
  })

  it('an unlock failure without a message says Failed to unlock', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'session.restore', pubkey: PUB, method: 'nsec' })
    actor.send({ type: 'key.unlock', passphrase: RIGHT })
    await reject(fakes, 'unlock', new Error(''))
    expect(at(actor).context.error).toBe('Failed to unlock')
  })

  it('restore after a reload: nip07 asks the extension again, npub and remote come back', async () => {
    const nip07 = start()
    nip07.actor.send({ type: 'session.restore', pubkey: PUB, method: 'nip07' })
    expect(nip07.actor.getSnapshot().matches({ signedOut: { attempt: 'extension' } })).toBe(true)
    await resolve(nip07.fakes, 'extension', PUB)
    expect(keyStatusLabel(nip07.actor.getSnapshot())).toBe('Using Extension Key')

    const npub = start()
    npub.actor.send({ type: 'session.restore', pubkey: PUB, method: 'npub' })
    expect(keyStatusLabel(npub.actor.getSnapshot())).toBe('Using Public Key Only')
    expect(signingUnavailable(npub.actor.getSnapshot())).toBe('No signing method available')

    const remote = start()
    remote.actor.send({ type: 'session.restore', pubkey: PUB, method: 'remote' })
    expect(remote.actor.getSnapshot().matches('signedOut'), 'remote needs its uri').toBe(true)
    remote.actor.send({ type: 'session.restore', pubkey: PUB, method: 'remote', uri: BUNKER })
    expect(remote.fakes.pending('remote').input).toEqual({ uri: BUNKER })
    await resolve(remote.fakes, 'remote', { pubkey: PUB })
    expect(keyStatusLabel(remote.actor.getSnapshot())).toBe('Using Remote Signer')
    expect(canSign(remote.actor.getSnapshot())).toBe(true)
  })

  it('persist at login, then sign out keeping the saved key', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.nsec', key: KEY, pubkey: PUB, persist: { passphrase: RIGHT } })
    expect(fakes.pending('persist').input).toEqual({ key: KEY, pubkey: PUB, passphrase: RIGHT })
    expect(at(actor).context.persistedThisSession).toBe(false)
    await resolve(fakes, 'persist')
    expect(at(actor).context.persistedThisSession).toBe(true)
    actor.send({ type: 'logout.requested' })
    expect(at(actor).matches({ signedIn: { signOut: 'choosing' } })).toBe(true)
    actor.send({ type: 'logout.keepSavedKey' })
    expect(at(actor).matches('signedOut')).toBe(true)
    expect(at(actor).context).toEqual({
      pubkey: null,
      method: null,
      key: null,
      persistedThisSession: false,
      pendingAction: null,
      extensionAvailable: false,
      error: null,
    })
    expect(fakes.requests.filter((r) => r.id === 'forget')).toEqual([])
    expect(fakes.emitted.at(-1)).toEqual({ type: 'session.signedOut', pubkey: PUB })
  })

  it('persist later with key.persist; a failure shows its message', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.nsec', key: KEY, pubkey: PUB })
    actor.send({ type: 'key.persist', passphrase: RIGHT })
    await reject(fakes, 'persist', new Error(NO_WEBCRYPTO))
    expect(at(actor).context).toMatchObject({ error: NO_WEBCRYPTO, persistedThisSession: false })
    actor.send({ type: 'key.persist', passphrase: RIGHT })
    expect(at(actor).context.error).toBeNull()
    await resolve(fakes, 'persist')
    expect(at(actor).context.persistedThisSession).toBe(true)
  })

  it('sign out and delete the saved key needs the full nsec of this account', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.saved', pubkey: PUB, passphrase: RIGHT })
    await resolve(fakes, 'unlock', { key: KEY, pubkey: PUB })
    actor.send({ type: 'logout.requested' })
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: OTHER_KEY, pubkey: OTHER_PUB })
    expect(at(actor).matches({ signedIn: { signOut: 'choosing' } })).toBe(true)
    expect(at(actor).context.error).toBe('The secret key does not match this account')
    // Right pubkey, wrong bytes (a lying caller) is refused too.
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: OTHER_KEY, pubkey: PUB })
    expect(at(actor).matches({ signedIn: { signOut: 'choosing' } })).toBe(true)
    actor.send({
      type: 'logout.deleteSavedKey',
      nsecTyped: new Secret(KEY_BYTES.slice()),
      pubkey: PUB,
    })
    expect(at(actor).matches({ signedIn: { signOut: 'deleting' } })).toBe(true)
    expect(at(actor).context.error).toBeNull()
    await reject(fakes, 'forget', new Error(FORGET_FAILED))
    expect(at(actor).matches({ signedIn: { signOut: 'choosing' } })).toBe(true)
    expect(at(actor).context.error).toBe(FORGET_FAILED)
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: KEY, pubkey: PUB })
    expect(fakes.pending('forget').input).toEqual({ pubkey: PUB })
    await resolve(fakes, 'forget')
    expect(at(actor).matches('signedOut')).toBe(true)
    expect(at(actor).context.key).toBeNull()
    expect(fakes.emitted.at(-1)).toEqual({ type: 'session.signedOut', pubkey: PUB })
  })

  it('a locked key can be deleted at sign-out with the nsec of the account', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'session.restore', pubkey: PUB, method: 'nsec' })
    actor.send({ type: 'logout.requested' })
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: OTHER_KEY, pubkey: OTHER_PUB })
    expect(at(actor).context.error).toBe(LOGIN_ERRORS.keyMismatch)
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: KEY, pubkey: PUB })
    await resolve(fakes, 'forget')
    expect(at(actor).matches('signedOut')).toBe(true)
  })

  it.each([
    ['nsec in memory', { type: 'login.nsec', key: KEY, pubkey: PUB } as const],
    ['npub', { type: 'login.npub', pubkey: PUB } as const],
  ])('without a saved key (%s) sign-out asks to confirm', (_name, login) => {
    const { actor, fakes } = start()
    actor.send(login)
    actor.send({ type: 'logout.requested' })
    expect(at(actor).matches({ signedIn: { signOut: 'confirming' } })).toBe(true)
    actor.send({ type: 'logout.cancelled' })
    expect(at(actor).matches({ signedIn: { signOut: 'closed' } })).toBe(true)
    expect(at(actor).context.pubkey).toBe(PUB)
    actor.send({ type: 'logout.requested' })
    actor.send({ type: 'logout.confirmed' })
    expect(at(actor).matches('signedOut')).toBe(true)
    expect(at(actor).context.pubkey).toBeNull()
    expect(fakes.emitted.map((e) => e.type)).toEqual(['session.signedIn', 'session.signedOut'])
    // Watching the extension again.
    expect(fakes.watchers.filter((w) => !w.stopped)).toHaveLength(1)
  })

  it('view nsec: the passphrase is verified first', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.nsec', key: KEY, pubkey: PUB })
    actor.send({ type: 'secret.view', passphrase: RIGHT })
    expect(
      at(actor).matches({ signedIn: { method: { nsec: { unlocked: { secret: 'hidden' } } } } }),
    ).toBe(true)
    actor.send({ type: 'key.persist', passphrase: RIGHT })
    await resolve(fakes, 'persist')
    actor.send({ type: 'secret.view', passphrase: WRONG })
    await reject(fakes, 'verify', new Error(INCORRECT_PASSPHRASE))
    expect(at(actor).context.error).toBe('Invalid passphrase or no saved secret for this account')
    actor.send({ type: 'secret.view', passphrase: RIGHT })
    await resolve(fakes, 'verify', { key: KEY, pubkey: PUB })
    expect(
      at(actor).matches({ signedIn: { method: { nsec: { unlocked: { secret: 'shown' } } } } }),
    ).toBe(true)
    actor.send({ type: 'secret.hide' })
    expect(
      at(actor).matches({ signedIn: { method: { nsec: { unlocked: { secret: 'hidden' } } } } }),
    ).toBe(true)
  })

  it('the inspector never sees a key or a passphrase', async () => {
    const { machine, fakes } = arrange()
    const seen: string[] = []
    const actor = createActor(machine, {
      inspect: (inspection) => {
        if (inspection.type === '@xstate.event') seen.push(JSON.stringify(inspection.event))
        if (inspection.type === '@xstate.snapshot') seen.push(JSON.stringify(inspection.snapshot))
      },
    }).start()
    actor.send({ type: 'login.nsec', key: KEY, pubkey: PUB, persist: { passphrase: RIGHT } })
    await resolve(fakes, 'persist')
    actor.send({ type: 'logout.requested' })
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: OTHER_KEY, pubkey: OTHER_PUB })
    actor.send({ type: 'logout.keepSavedKey' })
    actor.send({ type: 'login.saved', pubkey: PUB, passphrase: WRONG })
    await reject(fakes, 'unlock', new Error(INCORRECT_PASSPHRASE))
    expect(seen.length).toBeGreaterThan(10)
    expect(seen.join('\n')).toContain('[redacted]')
    expectNoSecret(seen.join('\n'))
  })

  it('sameBytes compares whole arrays', () => {
    expect(sameBytes(KEY_BYTES, KEY_BYTES.slice())).toBe(true)
    expect(sameBytes(KEY_BYTES, OTHER_BYTES)).toBe(false)
    expect(sameBytes(KEY_BYTES, KEY_BYTES.slice(1))).toBe(false)
  })

  it('the placeholder actors fail loudly when not provided', () => {
    const actor = createActor(loginMachine)
    const errors: unknown[] = []
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.start()
    expect(actor.getSnapshot().status).toBe('error')
    expect(String(errors[0])).toContain("'watchExtension' actor was not provided")
  })
})
