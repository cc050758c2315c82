import { bytesToHex } from '@noble/hashes/utils.js'
import { getPublicKey } from 'nostr-tools/pure'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Actor, createActor, type EventObject, fromCallback } from 'xstate'
import { Secret } from '../../src/core/platform/secret.ts'
import {
  canSaveKey,
  canSign,
  canViewSecret,
  EXTENSION_POLL_MS,
  EXTENSION_POW_SIGN_TIMEOUT_MS,
  EXTENSION_PUBKEY_TIMEOUT_MS,
  EXTENSION_SIGN_TIMEOUT_MS,
  type ExtensionAvailabilityEvent,
  keyLocked,
  keyStatusLabel,
  LOGIN_ERRORS,
  type LoginEmitted,
  type LoginSnapshot,
  loginActors,
  loginMachine,
  SIGNING_UNAVAILABLE,
  signingUnavailable,
  type WatchExtensionInput,
} from '../../src/machines/login.machine.ts'
import { secretShown } from '../../src/machines/nsec-key.machine.ts'
import type { SignInReport } from '../../src/machines/sign-in.machine.ts'
import { type Request, recordRequests } from './deferred.ts'
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
// Fakes: one deferred promise per started effect, one fake watcher per signed-out period. The
// children are the real machines with these effects; in the model they are muted (their reports
// go nowhere) and the walk plays their reports to the login machine instead.

interface Watcher {
  stopped: boolean
  report: (event: ExtensionAvailabilityEvent) => void
}

interface Fakes {
  requests: Request[]
  watchers: Watcher[]
  emitted: LoginEmitted[]
  live: () => Request[]
  pending: (id: string) => Request
  watcher: () => Watcher
}

function arrange(muted = false) {
  const { requests, live, pending, deferred } = recordRequests()
  const watchers: Watcher[] = []
  const fakes: Fakes = {
    requests,
    watchers,
    emitted: [],
    live,
    pending,
    watcher: () => {
      const running = watchers.filter((w) => !w.stopped)
      const [watcher, ...more] = running
      if (!watcher || more.length) throw new Error(`expected one watcher, got ${running.length}`)
      return watcher
    },
  }
  const actors = loginActors({
    extensionPublicKey: deferred(),
    unlockKey: deferred(),
    persistKey: deferred(),
    forgetKey: deferred(),
    connectRemote: deferred(),
    restoreRemote: deferred(),
    watchExtension: fromCallback<EventObject, WatchExtensionInput>(({ sendBack }) => {
      const watcher: Watcher = { stopped: false, report: (event) => sendBack(event) }
      watchers.push(watcher)
      return () => {
        watcher.stopped = true
      }
    }),
  })
  const mute = { actions: { report: () => {} } }
  const machine = loginMachine.provide({
    actors: muted
      ? {
          signIn: actors.signIn.provide(mute),
          nsecKey: actors.nsecKey.provide(mute),
          signOut: actors.signOut.provide(mute),
        }
      : actors,
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
// Model: every transition of the login machine's own graph, the children's reports included.

const succeeded = (fields: Partial<SignInReport>): SignInReport => ({
  type: 'signIn.succeeded',
  pubkey: PUB,
  method: 'nsec',
  key: null,
  persisted: false,
  pendingAction: null,
  ...fields,
})

const samples: EventSamples<typeof loginMachine> = {
  'login.requested': [{ type: 'login.requested', action: 'react' }],
  'login.nsec': [{ type: 'login.nsec', key: KEY, pubkey: PUB }],
  'login.npub': [{ type: 'login.npub', pubkey: PUB }],
  'login.saved': [{ type: 'login.saved', pubkey: PUB, passphrase: RIGHT }],
  'login.remote': [{ type: 'login.remote', uri: BUNKER }],
  'session.restore': [{ type: 'session.restore', pubkey: PUB, method: 'nsec' }],
  'extension.availability': [{ type: 'extension.availability', available: true }],
  'signIn.succeeded': [
    succeeded({ method: 'nip07', pendingAction: 'react' }),
    succeeded({ method: 'npub' }),
    succeeded({ method: 'remote' }),
    succeeded({ key: KEY }),
    succeeded({ key: KEY, persist: { passphrase: RIGHT } }),
    succeeded({ key: KEY, persisted: true }),
    succeeded({ persisted: true }),
  ],
  'key.unlock': [{ type: 'key.unlock', passphrase: RIGHT }],
  'key.persist': [{ type: 'key.persist', passphrase: RIGHT }],
  'secret.view': [{ type: 'secret.view', passphrase: RIGHT }],
  'nsec.failed': [{ type: 'nsec.failed', message: INCORRECT_PASSPHRASE }],
  'nsec.unlocked': [{ type: 'nsec.unlocked', key: KEY }],
  'nsec.pendingAction': [
    { type: 'nsec.pendingAction', action: 'react' },
    { type: 'nsec.pendingAction', action: null },
  ],
  'logout.deleteSavedKey': [{ type: 'logout.deleteSavedKey', nsecTyped: KEY, pubkey: PUB }],
  'signOut.failed': [{ type: 'signOut.failed', message: LOGIN_ERRORS.keyMismatch }],
}

const model = createModel({ machine: loginMachine, samples })

const lifecycle = (fakes: Fakes) => fakes.emitted.filter((e) => e.type !== 'key.unlocked')

const harness: Harness<typeof loginMachine, Fakes> = {
  arrange: () => arrange(true),
  observe: (actor, fakes) => {
    actor.on('*', (event) => fakes.emitted.push(event))
  },
  deliver: {
    'nsec.unlocked': (event, { actor, fakes }) => {
      const { pendingAction, method } = actor.getSnapshot().context
      const before = fakes.emitted.length
      actor.send(event)
      // Only an nsec login's key is unlocked.
      expect(fakes.emitted.slice(before)).toEqual(
        method === 'nsec' ? [{ type: 'key.unlocked', pubkey: PUB, pendingAction }] : [],
      )
    },
  },
  states: {
    '*': (snapshot, { fakes }) => {
      expectNoSecret(JSON.stringify(snapshot))
      expectNoSecret(JSON.stringify(fakes.emitted))
      const { context } = snapshot
      expect(context.key === null || context.key.reveal() === KEY_BYTES).toBe(true)
      expect([null, INCORRECT_PASSPHRASE, LOGIN_ERRORS.keyMismatch]).toContain(context.error)
      expect(signingUnavailable(snapshot) === null).toBe(canSign(snapshot))
      for (const emitted of fakes.emitted) expect(emitted.pubkey).toBe(PUB)
    },
    signedOut: (snapshot, { fakes }) => {
      expect(snapshot.context).toEqual({
        pubkey: null,
        method: null,
        key: null,
        persistedThisSession: false,
        pendingAction: null,
        error: null,
      })
      expect(Object.keys(snapshot.children)).toEqual(['signIn'])
      expect(keyStatusLabel(snapshot)).toBeNull()
      expect(signingUnavailable(snapshot)).toBe(SIGNING_UNAVAILABLE.noMethod)
      expect(canViewSecret(snapshot)).toBe(false)
      expect(canSaveKey(snapshot)).toBe(false)
      const last = lifecycle(fakes).at(-1)
      if (last) expect(last).toEqual({ type: 'session.signedOut', pubkey: PUB })
    },
    signedIn: (snapshot, { fakes }) => {
      const { context, children } = snapshot
      expect(context.pubkey).toBe(PUB)
      expect(children.signIn).toBeUndefined()
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
      if (!keyLocked(snapshot)) expect(context.pendingAction).toBeNull()
      expect(Boolean(children.nsecKey)).toBe(context.method === 'nsec')
    },
    'signedIn.method.nip07': (snapshot) => {
      expect(snapshot.context.key).toBeNull()
      expect(canSign(snapshot)).toBe(true)
      expect(keyStatusLabel(snapshot)).toBe('Using Extension Key')
      expect(canSaveKey(snapshot)).toBe(false)
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
    'signedIn.method.nsec': (snapshot) => {
      const { key, persistedThisSession } = snapshot.context
      expect(keyLocked(snapshot)).toBe(key === null)
      expect(canSign(snapshot)).toBe(key !== null)
      expect(keyStatusLabel(snapshot)).toBe(key ? 'Key: Unlocked' : 'Key: Locked')
      if (!key) expect(signingUnavailable(snapshot)).toBe(SIGNING_UNAVAILABLE.locked)
      expect(canViewSecret(snapshot)).toBe(persistedThisSession)
      expect(canSaveKey(snapshot)).toBe(key !== null && !persistedThisSession)
      expect(snapshot.children.nsecKey?.getSnapshot().context.pubkey).toBe(PUB)
    },
    'signedIn.signOut.closed': (snapshot) => {
      expect(snapshot.children.signOut).toBeUndefined()
    },
    'signedIn.signOut.open': (snapshot) => {
      // The dialog knows what the key does meanwhile.
      const dialog = snapshot.children.signOut?.getSnapshot()
      const { context } = snapshot
      if (dialog?.status === 'active') {
        expect(dialog.context).toEqual({
          pubkey: PUB,
          key: context.key,
          savedKey: context.method === 'nsec' && context.persistedThisSession,
        })
      }
    },
  },
}

describe('login machine model', () => {
  const paths = modelPaths(model, 'transitions')

  it('reaches every state of the diagram', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))))
    for (const method of ['nip07', 'nsec', 'npub', 'remote']) {
      for (const signOut of ['closed', 'open']) {
        expect(reached).toContain(JSON.stringify({ signedIn: { method, signOut } }))
      }
    }
    expect(reached).toContain('"signedOut"')
  })

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

// ---------------------------------------------------------------------------------------------
// Scenarios through the real children: what the UI sees and hears.

const at = (actor: Actor<typeof loginMachine>): LoginSnapshot => actor.getSnapshot()
const keyOf = (actor: Actor<typeof loginMachine>) => at(actor).children.nsecKey?.getSnapshot()
const dialogOf = (actor: Actor<typeof loginMachine>) => at(actor).children.signOut?.getSnapshot()

describe('login machine scenarios', () => {
  it('exports the spec timeouts and texts', () => {
    expect([
      EXTENSION_PUBKEY_TIMEOUT_MS,
      EXTENSION_SIGN_TIMEOUT_MS,
      EXTENSION_POW_SIGN_TIMEOUT_MS,
      EXTENSION_POLL_MS,
    ]).toEqual([15_000, 20_000, 30_000, 5_000])
    expect(LOGIN_ERRORS).toEqual({
      extensionNotFound: 'Nostr extension not found',
      extensionTimeout: 'Extension did not respond in time',
      extensionFailed: 'Failed to sign in with extension',
      savedAccountFailed: 'Failed to unlock saved account',
      unlockFailed: 'Failed to unlock',
      remoteFailed: 'Failed to connect to remote signer',
      remoteRestoreFailed: 'Your remote signer session could not be restored. Please log in again.',
      persistFailed: 'Failed to save key',
      forgetFailed: 'Failed to delete saved key',
      keyMismatch: 'The secret key does not match this account',
      viewSecretFailed: 'Invalid passphrase or no saved secret for this account',
    })
  })

  it('the login gate hands the pending action over on success; sign-out watches again', async () => {
    const { actor, fakes } = start()
    fakes.watcher().report({ type: 'extension.availability', available: true })
    actor.send({ type: 'login.requested', action: 'follow' })
    actor.send({ type: 'login.nip07' })
    await resolve(fakes, 'extension', PUB)
    expect(at(actor).value).toEqual({ signedIn: { method: 'nip07', signOut: 'closed' } })
    expect(at(actor).context.pendingAction).toBeNull()
    actor.send({ type: 'logout.requested' })
    actor.send({ type: 'logout.confirmed' })
    expect(at(actor).value).toBe('signedOut')
    expect(fakes.emitted).toEqual([
      { type: 'session.signedIn', pubkey: PUB, method: 'nip07', pendingAction: 'follow' },
      { type: 'session.signedOut', pubkey: PUB },
    ])
    expect(fakes.watchers.filter((w) => !w.stopped)).toHaveLength(1)
  })

  it('cancel abandons an attempt in flight', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.requested', action: 'react' })
    actor.send({ type: 'login.remote', uri: BUNKER })
    const request = fakes.pending('remote')
    actor.send({ type: 'login.cancelled' })
    expect(request.signal.aborted).toBe(true)
  })

  it('nsec: the key is kept in memory as a Secret, never in a serialised snapshot', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.nsec', key: KEY, pubkey: PUB })
    expect(at(actor).context.key?.reveal()).toBe(KEY_BYTES)
    expect(keyOf(actor)?.value).toEqual({ unlocked: { save: 'idle', secret: 'hidden' } })
    expect(canSign(at(actor))).toBe(true)
    expect(fakes.emitted).toEqual([
      { type: 'session.signedIn', pubkey: PUB, method: 'nsec', pendingAction: null },
    ])
    expectNoSecret(JSON.stringify(at(actor)))
    expect(String(at(actor).context.key)).toBe('[redacted]')
  })

  it('persist at login, then sign out keeping the saved key', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.nsec', key: KEY, pubkey: PUB, persist: { passphrase: RIGHT } })
    expect(fakes.pending('persist').input).toEqual({ key: KEY, pubkey: PUB, passphrase: RIGHT })
    expect(at(actor).context.persistedThisSession).toBe(false)
    await resolve(fakes, 'persist')
    expect(canViewSecret(at(actor))).toBe(true)
    actor.send({ type: 'logout.requested' })
    expect(dialogOf(actor)?.value).toBe('choosing')
    actor.send({ type: 'logout.keepSavedKey' })
    expect(at(actor).value).toBe('signedOut')
    expect(fakes.requests.filter((r) => r.id === 'forget')).toEqual([])
    expect(fakes.emitted.at(-1)).toEqual({ type: 'session.signedOut', pubkey: PUB })
  })

  it('a save failure is the error until sign-out asks; a save while it asks changes the question', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.nsec', key: KEY, pubkey: PUB })
    actor.send({ type: 'key.persist', passphrase: RIGHT })
    await reject(fakes, 'persist', new Error(NO_WEBCRYPTO))
    expect(at(actor).context).toMatchObject({ error: NO_WEBCRYPTO, persistedThisSession: false })
    actor.send({ type: 'logout.requested' })
    expect(at(actor).context.error).toBeNull()
    expect(dialogOf(actor)?.value).toBe('confirming')
    actor.send({ type: 'key.persist', passphrase: RIGHT })
    await resolve(fakes, 'persist')
    expect(dialogOf(actor)?.value).toBe('choosing')
  })

  it('restore after a reload: a locked key, the unlock modal action, a wrong then the right passphrase', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'session.restore', pubkey: PUB, method: 'nsec' })
    expect(keyOf(actor)?.value).toEqual({ locked: 'idle' })
    expect(keyStatusLabel(at(actor))).toBe('Key: Locked')
    expect(signingUnavailable(at(actor))).toBe(
      'Key is locked. Please unlock your NSEC key with your passphrase to sign.',
    )
    actor.send({ type: 'login.requested', action: 'react' })
    expect(at(actor).context.pendingAction).toBe('react')
    actor.send({ type: 'key.unlock', passphrase: WRONG })
    await reject(fakes, 'unlock', new Error(INCORRECT_PASSPHRASE))
    expect(at(actor).context).toMatchObject({ error: INCORRECT_PASSPHRASE, key: null })
    actor.send({ type: 'key.unlock', passphrase: RIGHT })
    expect(at(actor).context.error).toBeNull()
    await resolve(fakes, 'unlock', { key: KEY, pubkey: PUB })
    expect(at(actor).context).toMatchObject({ key: KEY, pendingAction: null })
    expect(canSign(at(actor))).toBe(true)
    expect(fakes.emitted).toEqual([
      { type: 'session.signedIn', pubkey: PUB, method: 'nsec', pendingAction: null },
      { type: 'key.unlocked', pubkey: PUB, pendingAction: 'react' },
    ])
  })

  it('restore after a reload: nip07 asks the extension again, npub comes back', async () => {
    const nip07 = start()
    nip07.actor.send({ type: 'session.restore', pubkey: PUB, method: 'nip07' })
    await resolve(nip07.fakes, 'extension', PUB)
    expect(keyStatusLabel(at(nip07.actor))).toBe('Using Extension Key')
    const npub = start()
    npub.actor.send({ type: 'session.restore', pubkey: PUB, method: 'npub' })
    expect(keyStatusLabel(at(npub.actor))).toBe('Using Public Key Only')
  })

  it('saved account: sign-out deleting the key needs the full nsec of this account', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.saved', pubkey: PUB, passphrase: RIGHT })
    await resolve(fakes, 'unlock', { key: KEY, pubkey: PUB })
    expect(at(actor).context).toMatchObject({ key: KEY, persistedThisSession: true })
    actor.send({ type: 'logout.requested' })
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: OTHER_KEY, pubkey: OTHER_PUB })
    expect(at(actor).context.error).toBe('The secret key does not match this account')
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: KEY, pubkey: PUB })
    expect(at(actor).context.error).toBeNull()
    await reject(fakes, 'forget', new Error(FORGET_FAILED))
    expect(at(actor).context.error).toBe(FORGET_FAILED)
    actor.send({ type: 'logout.cancelled' })
    expect(at(actor).context.error).toBeNull()
    expect(at(actor).value).toEqual({ signedIn: { method: 'nsec', signOut: 'closed' } })
    actor.send({ type: 'logout.requested' })
    actor.send({ type: 'logout.deleteSavedKey', nsecTyped: KEY, pubkey: PUB })
    expect(fakes.pending('forget').input).toEqual({ pubkey: PUB })
    await resolve(fakes, 'forget')
    expect(at(actor).value).toBe('signedOut')
    expect(fakes.emitted.at(-1)).toEqual({ type: 'session.signedOut', pubkey: PUB })
  })

  it('view nsec: only for a saved key, after its passphrase is checked again', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'login.nsec', key: KEY, pubkey: PUB })
    actor.send({ type: 'secret.view', passphrase: RIGHT })
    expect(fakes.live()).toEqual([])
    actor.send({ type: 'key.persist', passphrase: RIGHT })
    await resolve(fakes, 'persist')
    actor.send({ type: 'secret.view', passphrase: WRONG })
    // An error without words gets the view-secret fallback (spec §5).
    await reject(fakes, 'verify', new Error(''))
    expect(at(actor).context.error).toBe('Invalid passphrase or no saved secret for this account')
    actor.send({ type: 'secret.view', passphrase: RIGHT })
    await resolve(fakes, 'verify', { key: KEY, pubkey: PUB })
    expect(secretShown(keyOf(actor))).toBe(true)
    actor.send({ type: 'secret.hide' })
    expect(secretShown(keyOf(actor))).toBe(false)
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

  it('the placeholder actors fail loudly when not provided', () => {
    const actor = createActor(loginMachine)
    const errors: unknown[] = []
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.start()
    expect(actor.getSnapshot().status).toBe('error')
    expect(String(errors[0])).toContain("'watchExtension' actor was not provided")
  })
})
