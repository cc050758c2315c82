import { bytesToHex } from '@noble/hashes/utils.js'
import { getPublicKey } from 'nostr-tools/pure'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type EventObject, fromCallback } from 'xstate'
import { Secret } from '../../src/core/platform/secret.ts'
import type { UnlockedKey, UnlockKeyInput } from '../../src/machines/nsec-key.machine.ts'
import {
  EXTENSION_POLL_MS,
  EXTENSION_PUBKEY_TIMEOUT_MS,
  type ExtensionAvailabilityEvent,
  remoteRestoreMessage,
  SIGN_IN_ERRORS,
  type SignInReport,
  type SignInSnapshot,
  signInMachine,
  type WatchExtensionInput,
} from '../../src/machines/sign-in.machine.ts'
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
const BUNKER = `bunker://${PUB}?relay=wss://relay.example.com`
const INCORRECT_PASSPHRASE = 'Incorrect passphrase. Please check your passphrase and try again.'
const EXTENSION_REJECTED = 'User rejected the request'
const REMOTE_REFUSED = 'Remote signer refused the connection'
const RESTORE_FAILED = remoteRestoreMessage('Remote signer did not respond in time')

const SECRET_TEXTS = [bytesToHex(KEY_BYTES), JSON.stringify(KEY_BYTES), RIGHT_TEXT, WRONG_TEXT]
function expectNoSecret(text: string) {
  for (const secret of SECRET_TEXTS) expect(text).not.toContain(secret)
}

// ---------------------------------------------------------------------------------------------
// Fakes: one deferred promise per started effect, one fake extension watcher, the reports.

interface Watcher {
  input: WatchExtensionInput
  stopped: boolean
  report: (event: ExtensionAvailabilityEvent) => void
}

interface Fakes {
  requests: Request[]
  watchers: Watcher[]
  reports: SignInReport[]
  live: () => Request[]
  pending: (id: string) => Request
  watcher: () => Watcher
}

function arrange() {
  const { requests, live, pending, deferred } = recordRequests()
  const watchers: Watcher[] = []
  const fakes: Fakes = {
    requests,
    watchers,
    reports: [],
    live,
    pending,
    watcher: () => {
      const running = watchers.filter((w) => !w.stopped)
      const [watcher, ...more] = running
      if (!watcher || more.length) throw new Error(`expected one watcher, got ${running.length}`)
      return watcher
    },
  }
  const machine = signInMachine.provide({
    actors: {
      extensionPublicKey: deferred<string, unknown>(),
      unlockKey: deferred<UnlockedKey, UnlockKeyInput>(),
      connectRemote: deferred<{ pubkey: string }, { uri: string }>(),
      restoreRemote: deferred<{ pubkey: string }, { pubkey: string }>(),
      watchExtension: fromCallback<EventObject, WatchExtensionInput>(({ input, sendBack }) => {
        const watcher: Watcher = { input, stopped: false, report: (event) => sendBack(event) }
        watchers.push(watcher)
        return () => {
          watcher.stopped = true
        }
      }),
    },
    actions: { report: (_, report) => fakes.reports.push(report) },
  })
  return { machine, fakes }
}

function start() {
  const { machine, fakes } = arrange()
  return { actor: createActor(machine).start(), fakes }
}

const settle = () => vi.advanceTimersByTimeAsync(0)
const signedIn = (fields: Partial<SignInReport>): SignInReport => ({
  type: 'signIn.succeeded',
  pubkey: PUB,
  method: 'nsec',
  key: null,
  persisted: false,
  pendingAction: null,
  ...fields,
})

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

// ---------------------------------------------------------------------------------------------
// Model: every transition of the graph generated from the machine, replayed on a real actor.

const samples: EventSamples<typeof signInMachine> = {
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
    { type: 'session.restore', pubkey: PUB, method: 'remote' },
  ],
  'extension.availability': [
    { type: 'extension.availability', available: true },
    { type: 'extension.availability', available: false },
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
  'xstate.done.actor.remote': [{ type: 'xstate.done.actor.remote', output: { pubkey: PUB } }],
  'xstate.error.actor.remote': [
    { type: 'xstate.error.actor.remote', error: new Error(REMOTE_REFUSED) },
  ],
  'xstate.done.actor.resume': [{ type: 'xstate.done.actor.resume', output: { pubkey: PUB } }],
  'xstate.error.actor.resume': [
    { type: 'xstate.error.actor.resume', error: new Error(RESTORE_FAILED) },
  ],
}

// The pure machine has no parent to report to: the model's reports go nowhere.
const model = createModel({
  machine: signInMachine.provide({ actions: { report: () => {} } }),
  samples,
})

const errorTexts = [
  null,
  SIGN_IN_ERRORS.extensionNotFound,
  SIGN_IN_ERRORS.extensionTimeout,
  EXTENSION_REJECTED,
  INCORRECT_PASSPHRASE,
  REMOTE_REFUSED,
  RESTORE_FAILED,
]

const settleAs =
  (outcome: 'resolve' | 'reject', id: string) =>
  async (event: { output?: unknown; error?: unknown }, { fakes }: { fakes: Fakes }) => {
    if (outcome === 'resolve') fakes.pending(id).resolve(event.output)
    else fakes.pending(id).reject(event.error)
    await settle()
  }

const attempt = (snapshot: SignInSnapshot, state: string) =>
  snapshot.matches({ signingIn: { attempt: state as 'ready' } })

const harness: Harness<typeof signInMachine, Fakes> = {
  arrange,
  deliver: {
    'extension.availability': (event, { fakes }) => fakes.watcher().report(event),
    ...Object.fromEntries(
      ['extension', 'unlock', 'remote', 'resume'].flatMap((id) => [
        [`xstate.done.actor.${id}`, settleAs('resolve', id)],
        [`xstate.error.actor.${id}`, settleAs('reject', id)],
      ]),
    ),
  },
  states: {
    '*': (snapshot, { fakes }) => {
      expectNoSecret(JSON.stringify(snapshot))
      expectNoSecret(JSON.stringify(fakes.reports))
      expect(errorTexts).toContain(snapshot.context.error)
      const running = fakes.live().map((r) => r.id)
      expect(running.length, 'one attempt at a time').toBeLessThanOrEqual(1)
      // Reports only on success, and then the machine is done.
      expect(fakes.reports.length).toBe(snapshot.status === 'done' ? 1 : 0)
    },
    signingIn: (_snapshot, { fakes }) => {
      expect(fakes.watcher().input).toEqual({ intervalMs: EXTENSION_POLL_MS })
    },
    'signingIn.gate.idle': (snapshot) => {
      expect(snapshot.context.pendingAction).toBeNull()
    },
    'signingIn.gate.choosing': (snapshot) => {
      // None when a failed restore opened the gate; what login.requested said otherwise.
      expect([null, 'react']).toContain(snapshot.context.pendingAction)
    },
    'signingIn.attempt.ready': (_snapshot, { fakes }) => {
      expect(fakes.live()).toEqual([])
    },
    'signingIn.attempt.extension': (snapshot, { fakes }) => {
      expect(fakes.pending('extension').input).toBeUndefined()
      expect(snapshot.context.error).toBeNull()
    },
    'signingIn.attempt.unlocking': (snapshot, { fakes }) => {
      expect(fakes.pending('unlock').input).toEqual({
        pubkey: PUB,
        passphrase: RIGHT,
        purpose: 'savedAccount',
      })
      expect(snapshot.context.error).toBeNull()
    },
    'signingIn.attempt.remote': (snapshot, { fakes }) => {
      expect(fakes.pending('remote').input).toEqual({ uri: BUNKER })
      expect(snapshot.context.error).toBeNull()
    },
    'signingIn.attempt.restoring': (snapshot, { fakes }) => {
      expect(fakes.pending('resume').input).toEqual({ pubkey: PUB })
      expect(snapshot.context.error).toBeNull()
    },
    done: (snapshot, { fakes }) => {
      expect(snapshot.status).toBe('done')
      expect(fakes.live()).toEqual([])
      expect(fakes.watchers.every((w) => w.stopped)).toBe(true)
      const [report] = fakes.reports
      expect(report).toMatchObject({ type: 'signIn.succeeded', pubkey: PUB })
      expect(report?.pendingAction).toBe(snapshot.context.pendingAction)
      // A key in memory only for nsec, saved only for nsec.
      if (report?.method !== 'nsec') expect([report?.key, report?.persisted]).toEqual([null, false])
      if (report?.key) expect(report.key.reveal()).toBe(KEY_BYTES)
    },
  },
}

describe('sign-in machine model', () => {
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
        'signingIn.gate.idle',
        'signingIn.gate.choosing',
        'signingIn.attempt.ready',
        'signingIn.attempt.extension',
        'signingIn.attempt.unlocking',
        'signingIn.attempt.remote',
        'signingIn.attempt.restoring',
        'done',
      ].sort(),
    )
  })

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

// ---------------------------------------------------------------------------------------------
// Scenarios with exact texts and timings.

describe('sign-in machine scenarios', () => {
  it('the login gate keeps the pending action and hands it over on success', async () => {
    const { actor, fakes } = start()
    fakes.watcher().report({ type: 'extension.availability', available: true })
    actor.send({ type: 'login.requested', action: 'follow' })
    actor.send({ type: 'login.nip07' })
    // The modal stays open while the extension is asked.
    expect(actor.getSnapshot().value).toEqual({
      signingIn: { gate: 'choosing', attempt: 'extension' },
    })
    fakes.pending('extension').resolve(PUB)
    await settle()
    expect(actor.getSnapshot().status).toBe('done')
    expect(fakes.reports).toEqual([signedIn({ method: 'nip07', pendingAction: 'follow' })])
  })

  it('cancel drops the pending action and abandons an attempt in flight', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.requested', action: 'react' })
    actor.send({ type: 'login.remote', uri: BUNKER })
    const request = fakes.pending('remote')
    actor.send({ type: 'login.cancelled' })
    expect(actor.getSnapshot().value).toEqual({ signingIn: { gate: 'idle', attempt: 'ready' } })
    expect(actor.getSnapshot().context.pendingAction).toBeNull()
    expect(request.signal.aborted).toBe(true)
    actor.send({ type: 'login.npub', pubkey: PUB })
    expect(fakes.reports).toEqual([signedIn({ method: 'npub' })])
  })

  it('a typed key signs in at once, with the passphrase to save it under', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.nsec', key: KEY, pubkey: PUB, persist: { passphrase: RIGHT } })
    expect(fakes.reports).toEqual([signedIn({ key: KEY, persist: { passphrase: RIGHT } })])
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('NIP-07: not found when unavailable, availability followed every report', () => {
    const { actor, fakes } = start()
    expect(actor.getSnapshot().context.extensionAvailable).toBe(false)
    actor.send({ type: 'login.nip07' })
    expect(actor.getSnapshot().context.error).toBe('Nostr extension not found')
    expect(fakes.requests).toEqual([])
    fakes.watcher().report({ type: 'extension.availability', available: true })
    expect(actor.getSnapshot().context.extensionAvailable).toBe(true)
    actor.send({ type: 'login.nip07' })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(attempt(actor.getSnapshot(), 'extension')).toBe(true)
  })

  it('NIP-07: no answer within 15 s gives the timeout text, and a late answer is ignored', async () => {
    const { actor, fakes } = start()
    fakes.watcher().report({ type: 'extension.availability', available: true })
    actor.send({ type: 'login.requested', action: 'react' })
    actor.send({ type: 'login.nip07' })
    const request = fakes.pending('extension')
    await vi.advanceTimersByTimeAsync(EXTENSION_PUBKEY_TIMEOUT_MS - 1)
    expect(attempt(actor.getSnapshot(), 'extension')).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().value).toEqual({ signingIn: { gate: 'choosing', attempt: 'ready' } })
    expect(actor.getSnapshot().context.error).toBe('Extension did not respond in time')
    expect(actor.getSnapshot().context.pendingAction).toBe('react')
    expect(request.signal.aborted).toBe(true)
    request.resolve(PUB)
    await settle()
    expect(fakes.reports).toEqual([])
  })

  it.each([
    [new Error(EXTENSION_REJECTED), EXTENSION_REJECTED],
    [new Error(''), 'Failed to sign in with extension'],
    ['not an Error', 'Failed to sign in with extension'],
  ])('NIP-07: a failure shows its message or the fallback (%s)', async (error, text) => {
    const { actor, fakes } = start()
    fakes.watcher().report({ type: 'extension.availability', available: true })
    actor.send({ type: 'login.nip07' })
    fakes.pending('extension').reject(error)
    await settle()
    expect(actor.getSnapshot().context.error).toBe(text)
    // A new attempt clears it.
    actor.send({ type: 'login.nip07' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('saved account: the wrong passphrase shows the unlock error, the right one signs in', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.requested', action: 'repost' })
    actor.send({ type: 'login.saved', pubkey: PUB, passphrase: WRONG })
    expect(fakes.pending('unlock').input).toEqual({
      pubkey: PUB,
      passphrase: WRONG,
      purpose: 'savedAccount',
    })
    fakes.pending('unlock').reject(new Error(INCORRECT_PASSPHRASE))
    await settle()
    expect(actor.getSnapshot().value).toEqual({ signingIn: { gate: 'choosing', attempt: 'ready' } })
    expect(actor.getSnapshot().context.error).toBe(INCORRECT_PASSPHRASE)
    actor.send({ type: 'login.saved', pubkey: PUB, passphrase: RIGHT })
    fakes.pending('unlock').resolve({ key: KEY, pubkey: PUB })
    await settle()
    expect(fakes.reports).toEqual([
      signedIn({ key: KEY, persisted: true, pendingAction: 'repost' }),
    ])
  })

  it('restore after a reload: nsec comes back locked, nip07 asks again, remote resumes', async () => {
    const nsec = start()
    nsec.actor.send({ type: 'session.restore', pubkey: PUB, method: 'nsec' })
    expect(nsec.fakes.reports).toEqual([signedIn({ persisted: true })])
    expect(nsec.fakes.requests).toEqual([])

    const nip07 = start()
    nip07.actor.send({ type: 'session.restore', pubkey: PUB, method: 'nip07' })
    expect(attempt(nip07.actor.getSnapshot(), 'extension')).toBe(true)
    nip07.fakes.pending('extension').resolve(PUB)
    await settle()
    expect(nip07.fakes.reports).toEqual([signedIn({ method: 'nip07' })])

    const remote = start()
    remote.actor.send({ type: 'session.restore', pubkey: PUB, method: 'remote' })
    expect(attempt(remote.actor.getSnapshot(), 'restoring')).toBe(true)
    expect(remote.fakes.pending('resume').input).toEqual({ pubkey: PUB })
    // Not the login gate's to cancel: it goes on.
    remote.actor.send({ type: 'login.cancelled' })
    remote.fakes.pending('resume').resolve({ pubkey: PUB })
    await settle()
    expect(remote.fakes.reports).toEqual([signedIn({ method: 'remote' })])
  })

  it('a remote session that cannot be resumed opens the login gate with why', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'session.restore', pubkey: PUB, method: 'remote' })
    fakes.pending('resume').reject(new Error(RESTORE_FAILED))
    await settle()
    expect(actor.getSnapshot().value).toEqual({ signingIn: { gate: 'choosing', attempt: 'ready' } })
    expect(actor.getSnapshot().context.error).toBe(
      'Your remote signer session could not be restored: Remote signer did not respond in time. Please log in again.',
    )
    expect(fakes.reports).toEqual([])
    // A failure without a text of its own gets the general one.
    const bare = start()
    bare.actor.send({ type: 'session.restore', pubkey: PUB, method: 'remote' })
    bare.fakes.pending('resume').reject(new Error(''))
    await settle()
    expect(bare.actor.getSnapshot().context.error).toBe(SIGN_IN_ERRORS.remoteRestoreFailed)
  })

  it('the placeholder actors fail loudly when not provided', () => {
    const actor = createActor(signInMachine)
    const errors: unknown[] = []
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.start()
    expect(actor.getSnapshot().status).toBe('error')
    expect(String(errors[0])).toContain("'watchExtension' actor was not provided")
  })
})
