import { bytesToHex } from '@noble/hashes/utils.js'
import { getPublicKey } from 'nostr-tools/pure'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { Secret } from '../../src/core/platform/secret.ts'
import {
  SIGN_OUT_ERRORS,
  type SignOutInput,
  type SignOutReport,
  sameBytes,
  signOutMachine,
} from '../../src/machines/sign-out.machine.ts'
import {
  createModel,
  describePath,
  type EventSamples,
  type Harness,
  modelPaths,
  walkPath,
} from './walk.ts'

// The account's key, and a stranger's (typed by mistake, or by a lying caller).
const KEY_BYTES = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const KEY = new Secret(KEY_BYTES)
const PUB = getPublicKey(KEY_BYTES)
const OTHER_BYTES = Uint8Array.from({ length: 32 }, (_, i) => 64 - i)
const OTHER_KEY = new Secret(OTHER_BYTES)
const OTHER_PUB = getPublicKey(OTHER_BYTES)
const FORGET_FAILED = 'Could not open the keystore'

const SECRET_TEXTS = [
  bytesToHex(KEY_BYTES),
  bytesToHex(OTHER_BYTES),
  JSON.stringify(KEY_BYTES),
  JSON.stringify(OTHER_BYTES),
]
function expectNoSecret(text: string) {
  for (const secret of SECRET_TEXTS) expect(text).not.toContain(secret)
}

// ---------------------------------------------------------------------------------------------
// Fakes: the `forgetKey` requests, and the reports the parent would get.

interface Request {
  input: { pubkey: string }
  settled: boolean
  signal: AbortSignal
  resolve: () => void
  reject: (error: unknown) => void
}

interface Fakes {
  requests: Request[]
  reports: SignOutReport[]
  /** The one pending deletion. */
  pending: () => Request
}

function arrange() {
  const requests: Request[] = []
  const forgetKey = fromPromise<void, { pubkey: string }>(
    ({ input, signal }) =>
      new Promise<void>((resolve, reject) => {
        const request: Request = {
          input,
          settled: false,
          signal,
          resolve: () => {
            request.settled = true
            resolve()
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
    reports: [],
    pending: () => {
      const live = requests.filter((r) => !r.settled && !r.signal.aborted)
      const [request, ...more] = live
      if (!request || more.length) throw new Error(`expected one deletion, got ${live.length}`)
      return request
    },
  }
  const machine = signOutMachine.provide({
    actors: { forgetKey },
    actions: { report: (_, report) => fakes.reports.push(report) },
  })
  return { machine, fakes }
}

function start(input: SignOutInput) {
  const { machine, fakes } = arrange()
  return { actor: createActor(machine, { input }).start(), fakes }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

// ---------------------------------------------------------------------------------------------
// Model: every transition, for a login without a saved key, with one, and with a locked one.

const NOT_SAVED: SignOutInput = { pubkey: PUB, key: KEY, savedKey: false }
const SAVED: SignOutInput = { pubkey: PUB, key: KEY, savedKey: true }
const LOCKED: SignOutInput = { pubkey: PUB, key: null, savedKey: true }

const samples: EventSamples<typeof signOutMachine> = {
  'logout.deleteSavedKey': [
    { type: 'logout.deleteSavedKey', nsecTyped: KEY, pubkey: PUB },
    { type: 'logout.deleteSavedKey', nsecTyped: OTHER_KEY, pubkey: OTHER_PUB },
    // (Right pubkey, wrong bytes would serialise as the first: see the scenarios.)
  ],
  'nsec.unlocked': [{ type: 'nsec.unlocked', key: KEY }],
  'xstate.done.actor.forget': [{ type: 'xstate.done.actor.forget' }],
  'xstate.error.actor.forget': [
    { type: 'xstate.error.actor.forget', error: new Error(FORGET_FAILED) },
  ],
}

// The pure machine has no parent to report to: the model's reports go nowhere.
const modelMachine = signOutMachine.provide({ actions: { report: () => {} } })

const harness: Harness<typeof signOutMachine, Fakes> = {
  arrange,
  deliver: {
    'xstate.done.actor.forget': async (_event, { fakes }) => {
      fakes.pending().resolve()
      await settle()
    },
    'xstate.error.actor.forget': async (event, { fakes }) => {
      fakes.pending().reject(event.error)
      await settle()
    },
  },
  states: {
    '*': (snapshot, { fakes }) => {
      expectNoSecret(JSON.stringify(snapshot))
      expectNoSecret(JSON.stringify(fakes.reports))
      const { context } = snapshot
      expect(context.key === null || context.key.reveal() === KEY_BYTES).toBe(true)
      for (const report of fakes.reports) {
        if (report.type === 'signOut.failed') {
          expect([SIGN_OUT_ERRORS.keyMismatch, FORGET_FAILED]).toContain(report.message)
        }
      }
      // The dialog closes once, as the machine ends.
      const closing = fakes.reports.filter(
        (r) => r.type === 'signOut.confirmed' || r.type === 'signOut.cancelled',
      )
      expect(closing.length).toBe(snapshot.status === 'done' ? 1 : 0)
    },
    confirming: (snapshot) => {
      expect(snapshot.context.savedKey).toBe(false)
    },
    choosing: (snapshot) => {
      expect(snapshot.context.savedKey).toBe(true)
    },
    deleting: (_snapshot, { fakes }) => {
      expect(fakes.pending().input).toEqual({ pubkey: PUB })
      expect(fakes.reports.at(-1)).toEqual({ type: 'signOut.cleared' })
    },
    signedOut: (snapshot, { fakes }) => {
      expect(snapshot.status).toBe('done')
      expect(fakes.reports.at(-1)).toEqual({ type: 'signOut.confirmed' })
    },
    cancelled: (snapshot, { fakes }) => {
      expect(snapshot.status).toBe('done')
      expect(fakes.reports.at(-1)).toEqual({ type: 'signOut.cancelled' })
      expect(fakes.requests.every((r) => r.settled)).toBe(true)
    },
  },
}

describe.each([
  ['no saved key', NOT_SAVED],
  ['a saved key', SAVED],
  ['a locked key', LOCKED],
])('sign-out machine model (%s)', (_name, input) => {
  const model = createModel({ machine: modelMachine, input, samples })

  it.each(modelPaths(model, 'transitions').map((path) => [describePath(path), path] as const))(
    '%s',
    (_path, path) => walkPath(model, path, harness),
  )
})

// ---------------------------------------------------------------------------------------------
// Scenarios with exact texts.

describe('sign-out machine scenarios', () => {
  it('without a saved key, sign-out asks to confirm', () => {
    const confirm = start(NOT_SAVED)
    expect(confirm.actor.getSnapshot().value).toBe('confirming')
    confirm.actor.send({ type: 'logout.keepSavedKey' })
    confirm.actor.send({ type: 'logout.confirmed' })
    expect(confirm.actor.getSnapshot().value).toBe('signedOut')
    expect(confirm.fakes.reports).toEqual([{ type: 'signOut.confirmed' }])

    const cancel = start(NOT_SAVED)
    cancel.actor.send({ type: 'logout.cancelled' })
    expect(cancel.actor.getSnapshot().value).toBe('cancelled')
    expect(cancel.fakes.reports).toEqual([{ type: 'signOut.cancelled' }])
  })

  it('the key got saved while asking: the saved-key choices are offered instead', () => {
    const { actor, fakes } = start(NOT_SAVED)
    actor.send({ type: 'nsec.saved' })
    expect(actor.getSnapshot().value).toBe('choosing')
    actor.send({ type: 'logout.keepSavedKey' })
    expect(fakes.reports).toEqual([{ type: 'signOut.confirmed' }])
    expect(fakes.requests).toEqual([])
  })

  it('deleting the saved key needs the full nsec of this account', async () => {
    const { actor, fakes } = start(SAVED)
    expect(actor.getSnapshot().value).toBe('choosing')
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: OTHER_KEY, pubkey: OTHER_PUB })
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: OTHER_KEY, pubkey: PUB })
    expect(actor.getSnapshot().value).toBe('choosing')
    actor.send({
      type: 'logout.deleteSavedKey',
      nsecTyped: new Secret(KEY_BYTES.slice()),
      pubkey: PUB,
    })
    expect(actor.getSnapshot().value).toBe('deleting')
    fakes.pending().reject(new Error(FORGET_FAILED))
    await settle()
    expect(actor.getSnapshot().value).toBe('choosing')
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: KEY, pubkey: PUB })
    fakes.pending().resolve()
    await settle()
    expect(actor.getSnapshot().value).toBe('signedOut')
    const mismatch = 'The secret key does not match this account'
    expect(fakes.reports).toEqual([
      { type: 'signOut.failed', message: mismatch },
      { type: 'signOut.failed', message: mismatch },
      { type: 'signOut.cleared' },
      { type: 'signOut.failed', message: FORGET_FAILED },
      { type: 'signOut.cleared' },
      { type: 'signOut.confirmed' },
    ])
  })

  it('a failed deletion without a message says Failed to delete saved key', async () => {
    const { actor, fakes } = start(SAVED)
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: KEY, pubkey: PUB })
    fakes.pending().reject(new Error(''))
    await settle()
    expect(fakes.reports.at(-1)).toEqual({
      type: 'signOut.failed',
      message: 'Failed to delete saved key',
    })
  })

  it('a locked key is deleted with the nsec of the account; one unlocked meanwhile is compared', () => {
    const locked = start(LOCKED)
    locked.actor.send({ type: 'logout.deleteSavedKey', nsecTyped: OTHER_KEY, pubkey: PUB })
    expect(locked.actor.getSnapshot().value, 'only the pubkey can be checked').toBe('deleting')

    const unlocked = start(LOCKED)
    unlocked.actor.send({ type: 'nsec.unlocked', key: KEY })
    unlocked.actor.send({ type: 'logout.deleteSavedKey', nsecTyped: OTHER_KEY, pubkey: PUB })
    expect(unlocked.actor.getSnapshot().value).toBe('choosing')
  })

  it('closing the choices clears their message', () => {
    const { actor, fakes } = start(SAVED)
    actor.send({ type: 'logout.cancelled' })
    expect(fakes.reports).toEqual([{ type: 'signOut.cleared' }, { type: 'signOut.cancelled' }])
  })

  it('sameBytes compares whole arrays', () => {
    expect(sameBytes(KEY_BYTES, KEY_BYTES.slice())).toBe(true)
    expect(sameBytes(KEY_BYTES, OTHER_BYTES)).toBe(false)
    expect(sameBytes(KEY_BYTES, KEY_BYTES.slice(1))).toBe(false)
  })

  it('the placeholder actor fails loudly when not provided', async () => {
    const reports: SignOutReport[] = []
    const machine = signOutMachine.provide({ actions: { report: (_, r) => reports.push(r) } })
    const actor = createActor(machine, { input: SAVED }).start()
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: KEY, pubkey: PUB })
    await settle()
    expect(reports.at(-1)).toEqual({
      type: 'signOut.failed',
      message: expect.stringContaining("'forgetKey' actor was not provided"),
    })
  })
})
