// IndexedDB for Node before localforage loads (the keystore); the kept remote session lives there.
import 'fake-indexeddb/auto'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type EventObject, fromCallback, fromPromise } from 'xstate'
import { createKeystore } from '../../../../src/actors/identity/keystore.ts'
import {
  keepSession,
  METHOD_KEY,
  PUBKEY_KEY,
  restoreSession,
} from '../../../../src/actors/identity/login-session.ts'
import { createRemoteSessionStore } from '../../../../src/actors/identity/remote-session-store.ts'
import type { KeptRemoteSession } from '../../../../src/core/identity/remote-session.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import {
  loginActors,
  loginMachine,
  remoteUnreachableMessage,
  type WatchExtensionInput,
} from '../../../../src/machines/login.machine.ts'

/** localStorage and sessionStorage for Node, as a Map. */
class MemoryStorage {
  readonly items = new Map<string, string>()
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}

const alice = getPublicKey(generateSecretKey())
const bob = getPublicKey(generateSecretKey())
const kept = (): KeptRemoteSession => ({
  clientKey: new Secret(generateSecretKey()),
  remotePubkey: getPublicKey(generateSecretKey()),
  userPubkey: alice,
  relays: ['wss://bunker.example'],
  secret: null,
})

const local = new MemoryStorage()
const session = new MemoryStorage()
const sessions = createRemoteSessionStore()
const keystore = createKeystore({ storage: new MemoryStorage() })
const UNREACHABLE = remoteUnreachableMessage('Remote signer did not respond in time')

beforeEach(() => {
  vi.stubGlobal('localStorage', local)
  vi.stubGlobal('sessionStorage', session)
})
afterEach(async () => {
  vi.unstubAllGlobals()
  local.items.clear()
  session.items.clear()
  await sessions.forget()
})

/** An effect these tests do not reach. */
const refused = <Output, Input>() =>
  fromPromise<Output, Input>(async () => {
    throw new Error('not in this test')
  })

/**
 * The login with its session kept as the app keeps it; a remote restore fails as when the
 * signer is out of reach (what it keeps is remote-restore.ts's, tested with a real bunker), and
 * a remote login connects alice.
 */
function startLogin() {
  const login = createActor(
    loginMachine.provide({
      actors: loginActors({
        extensionPublicKey: refused(),
        unlockKey: refused(),
        persistKey: refused(),
        forgetKey: refused(),
        connectRemote: fromPromise(async () => ({ pubkey: alice })),
        restoreRemote: fromPromise<{ pubkey: string }, { pubkey: string }>(async () => {
          throw new Error(UNREACHABLE)
        }),
        watchExtension: fromCallback<EventObject, WatchExtensionInput>(() => {}),
      }),
    }),
  ).start()
  keepSession(login, sessions)
  return login
}

/** A remote login of alice, put off at the last start: stored, and its session kept. */
async function putOffRemoteLogin() {
  await sessions.save(kept())
  local.setItem(PUBKEY_KEY, alice)
  session.setItem(METHOD_KEY, 'remote')
}

describe('a remote login put off for the next start', () => {
  it('goes when a login of another kind takes its place', async () => {
    await putOffRemoteLogin()
    const login = startLogin()
    login.send({ type: 'login.npub', pubkey: bob })
    await expect.poll(() => sessions.load()).toBeNull()
    expect([local.getItem(PUBKEY_KEY), session.getItem(METHOD_KEY)]).toEqual([bob, 'npub'])
  })

  it('a new remote login keeps its own session', async () => {
    await putOffRemoteLogin()
    const login = startLogin()
    login.send({ type: 'login.remote', uri: 'bunker://any' })
    await expect
      .poll(() => local.getItem(PUBKEY_KEY) && login.getSnapshot().value)
      .toMatchObject({
        signedIn: {},
      })
    expect((await sessions.load())?.userPubkey).toBe(alice)
  })

  it('in a new browser session the kept session says it was remote, and that stays stored', async () => {
    await sessions.save(kept())
    local.setItem(PUBKEY_KEY, alice)
    const login = startLogin()
    restoreSession(login, keystore, sessions)
    await expect
      .poll(() => login.getSnapshot().children.signIn?.getSnapshot().context.error)
      .toBe(UNREACHABLE)
    expect([local.getItem(PUBKEY_KEY), session.getItem(METHOD_KEY)]).toEqual([alice, 'remote'])
    expect((await sessions.load())?.userPubkey).toBe(alice)

    // Another kind of login in its place: the kept session goes.
    login.send({ type: 'login.npub', pubkey: bob })
    await expect.poll(() => sessions.load()).toBeNull()
  })
})
