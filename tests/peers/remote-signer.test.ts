// Remote signing end to end: our NIP-46 client over the real relay hub (ws sockets, the socket
// machine, worker verification over a MessageChannel) against a real bunker on a real relay.
// IndexedDB for Node, where a restored login's session is kept.
import 'fake-indexeddb/auto'
import { v2 as nip44 } from 'nostr-tools/nip44'
import { generateSecretKey, getPublicKey, type NostrEvent, verifyEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { createActor } from 'xstate'
import { METHOD_KEY, PUBKEY_KEY } from '../../src/actors/identity/login-session.ts'
import {
  DEVICE_OFFLINE,
  REMOTE_SESSION_NOT_KEPT,
  restoreRemoteLogin,
} from '../../src/actors/identity/remote-restore.ts'
import { createRemoteSessionStore } from '../../src/actors/identity/remote-session-store.ts'
import {
  connectRemoteSigner,
  NOSTRCONNECT_CANCELLED_MESSAGE,
  NOSTRCONNECT_TIMEOUT_MESSAGE,
  newClientKey,
  nostrConnect,
  OTHER_ACCOUNT_MESSAGE,
  REMOTE_TIMEOUT_MESSAGE,
  RemoteSignerAuthError,
  RemoteSignerTimeout,
  resumeRemoteSigner,
} from '../../src/actors/identity/signers/nip46.ts'
import { createRelayHub, type RelayHub } from '../../src/actors/relays/relay-hub.ts'
import { createRelaySockets } from '../../src/actors/relays/socket.effects.ts'
import { createVerifier } from '../../src/actors/relays/verifier.ts'
import type { KeptRemoteSession } from '../../src/core/identity/remote-session.ts'
import { Secret } from '../../src/core/platform/secret.ts'
import { remoteRestoreMessage, remoteUnreachableMessage } from '../../src/machines/login.machine.ts'
import { closeVerifyApi, verifyApi } from '../unit/workers/verify-port.ts'
import { type RelayHandle, startRelay } from './relay.ts'
import {
  type RemoteSignerHandle,
  type RemoteSignerOptions,
  startRemoteSigner,
} from './remote-signer.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

const alice = generateSecretKey()
const alicePub = getPublicKey(alice)
const bob = generateSecretKey()
const bobPub = getPublicKey(bob)
const note = {
  kind: 1,
  created_at: Math.floor(Date.now() / 1000),
  tags: [],
  content: 'signed far away',
}
const verifies = (event: NostrEvent) => verifyEvent(JSON.parse(JSON.stringify(event)))

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

const verifier = createVerifier([verifyApi])

let relay: RelayHandle
const cleanups: (() => unknown)[] = []

beforeAll(async () => {
  relay = await startRelay()
})
afterAll(async () => {
  closeVerifyApi()
  await relay.close()
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A hub over real sockets to the given relays; `connected` waits for every socket. */
function hubFor(...urls: string[]): { hub: RelayHub; connected(): Promise<void> } {
  const hub = createRelayHub({
    verifier,
    onRejected: () => {},
  })
  const sockets = urls.map((url) => {
    const relaySockets = createRelaySockets()
    const socket = createActor(relaySockets.machine, { input: { url } })
    hub.addRelay(relaySockets.link(socket))
    socket.start()
    socket.send({ type: 'relay.connect' })
    return socket
  })
  const connected = () =>
    expect
      .poll(() => sockets.every((s) => s.getSnapshot().matches('connected')), { interval: 20 })
      .toBe(true)
      .then(() => {})
  // Stopped while still connecting, ws throws where browsers do not (see the report): wait.
  cleanups.push(async () => {
    await connected()
    for (const socket of sockets) socket.stop()
  })
  return { hub, connected }
}

async function bunker(options: Omit<RemoteSignerOptions, 'relayUrl' | 'userKey'> = {}) {
  const handle = await startRemoteSigner({ relayUrl: relay.url, userKey: alice, ...options })
  cleanups.push(() => handle.close())
  return handle
}

async function connected(uri: string, hub: RelayHub, options = {}) {
  const signer = await connectRemoteSigner(uri, hub, options)
  cleanups.push(() => signer.close())
  return signer
}

describe('bunker:// flow', () => {
  it('connects, learns the user key, signs and encrypts through the remote signer', async () => {
    const remote = await bunker({ secret: 'open sesame' })
    const { hub, connected: ready } = hubFor(relay.url)
    await ready()
    const signer = await connected(remote.bunkerUri, hub)

    expect(signer.kind).toBe('remote')
    expect(signer.remotePubkey).toBe(remote.pubkey)
    expect(remote.pubkey).not.toBe(alicePub) // the signer's key is not the user's
    expect(await signer.getPublicKey()).toBe(alicePub)

    const event = await signer.signEvent(note)
    expect(event.pubkey).toBe(alicePub)
    expect(event.content).toBe('signed far away')
    expect(verifies(event)).toBe(true)

    const shared = nip44.utils.getConversationKey(bob, alicePub)
    expect(nip44.decrypt(await signer.nip44Encrypt(bobPub, 'to bob'), shared)).toBe('to bob')
    expect(await signer.nip44Decrypt(bobPub, nip44.encrypt('to alice', shared))).toBe('to alice')
    expect(await signer.nip04Decrypt(bobPub, await signer.nip04Encrypt(bobPub, 'old'))).toBe('old')
    expect(remote.requests()).toEqual([
      'connect',
      'get_public_key',
      'sign_event',
      'nip44_encrypt',
      'nip44_decrypt',
      'nip04_encrypt',
      'nip04_decrypt',
    ])
  })

  it('waits for the hub to reach the relay: requests are sent again until one is taken', async () => {
    const remote = await bunker()
    const { hub } = hubFor(relay.url) // not connected yet
    const signer = await connected(remote.bunkerUri, hub)
    expect(await signer.getPublicKey()).toBe(alicePub)
  })

  it('refuses a wrong secret with a clear message', async () => {
    const remote = await bunker({ secret: 'right' })
    const { hub, connected: ready } = hubFor(relay.url)
    await ready()
    const wrong = remote.bunkerUri.replace('secret=right', 'secret=wrong')
    await expect(connectRemoteSigner(wrong, hub)).rejects.toThrow(
      'Remote signer refused the connection: invalid secret',
    )
  })

  it('times out on a signer that never answers', async () => {
    const remote = await bunker({ faults: { silent: true } })
    const { hub, connected: ready } = hubFor(relay.url)
    await ready()
    const started = Date.now()
    await expect(connectRemoteSigner(remote.bunkerUri, hub, { timeoutMs: 600 })).rejects.toThrow(
      /^Remote signer did not respond in time$/,
    )
    expect(Date.now() - started).toBeLessThan(3000)
    expect(remote.requests()).toEqual(['connect'])
  })

  it("asks on the signer's relays only, not on the pool's others", async () => {
    const other = await startRelay()
    cleanups.push(() => other.close())
    const remote = await bunker()
    const { hub, connected: ready } = hubFor(other.url, relay.url)
    await ready()
    const signer = await connected(remote.bunkerUri, hub)
    expect(signer.relays).toEqual([relay.url])
    expect(verifies(await signer.signEvent(note))).toBe(true)
    expect(other.stats()).toMatchObject({ reqs: 0, events: 0 })
    expect(relay.stats().events).toBeGreaterThan(0)
  })

  it('says why when no relay took the request', async () => {
    const gone = await startRelay()
    await gone.close() // the link names a relay nothing listens on any more
    const remote = await bunker()
    const link = remote.bunkerUri.replace(
      encodeURIComponent(relay.url),
      encodeURIComponent(gone.url),
    )
    expect(link).toContain(encodeURIComponent(gone.url))
    const { hub } = hubFor(relay.url)
    await expect(connectRemoteSigner(link, hub, { timeoutMs: 800 })).rejects.toThrow(
      `Remote signer did not respond in time: Publish failed: ${gone.url}: `,
    )
  })

  it('surfaces an approval link (auth_url) for the UI to open', async () => {
    const remote = await bunker({ faults: { authUrl: 'https://signer.example/approve?id=1' } })
    const { hub, connected: ready } = hubFor(relay.url)
    await ready()
    const failure = await connectRemoteSigner(remote.bunkerUri, hub).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(RemoteSignerAuthError)
    expect((failure as RemoteSignerAuthError).url).toBe('https://signer.example/approve?id=1')
    expect((failure as Error).message).toContain('https://signer.example/approve?id=1')
  })

  it('accepts NIP-04 responses from older signers', async () => {
    const remote = await bunker({ faults: { nip04Responses: true } })
    const { hub, connected: ready } = hubFor(relay.url)
    await ready()
    const signer = await connected(remote.bunkerUri, hub)
    expect(verifies(await signer.signEvent(note))).toBe(true)
  })

  it('close() tells the signer and refuses afterwards', async () => {
    const remote = await bunker()
    const { hub, connected: ready } = hubFor(relay.url)
    await ready()
    const signer = await connectRemoteSigner(remote.bunkerUri, hub)
    signer.close()
    await expect(signer.signEvent(note)).rejects.toThrow('No signing method available')
    await expect(signer.getPublicKey()).rejects.toThrow('No signing method available')
    await expect.poll(() => remote.requests()).toContain('logout')
  })
})

describe('nostrconnect:// flow', () => {
  let remote: RemoteSignerHandle

  it('hands out a link the signer answers with its secret, then signs', async () => {
    remote = await bunker()
    const { hub, connected: ready } = hubFor(relay.url)
    await ready()
    const clientKey = newClientKey()
    const session = nostrConnect(hub, {
      relays: [`${relay.url}/`],
      client: { name: 'Plume' },
      perms: ['sign_event:1'],
      clientKey,
    })
    // The caller's key, and the relays normalized.
    expect(new URL(session.uri).host).toBe(getPublicKey(clientKey.reveal()))
    expect(new URL(session.uri).searchParams.getAll('relay')).toEqual([relay.url])
    expect(new URL(session.uri).searchParams.get('name')).toBe('Plume')
    await remote.connectTo(session.uri)
    const signer = await session.connected
    cleanups.push(() => signer.close())
    expect(signer.remotePubkey).toBe(remote.pubkey)
    expect(await signer.getPublicKey()).toBe(alicePub)
    const event = await signer.signEvent(note)
    expect(event.pubkey).toBe(alicePub)
    expect(verifies(event)).toBe(true)
  })

  it('ignores an answer without the secret, and gives up in time', async () => {
    remote = await bunker()
    const { hub, connected: ready } = hubFor(relay.url)
    await ready()
    const session = nostrConnect(hub, { relays: [relay.url], waitMs: 1000 })
    const forged = new URL(session.uri)
    forged.searchParams.set('secret', 'guessed')
    await remote.connectTo(forged.toString())
    await expect(session.connected).rejects.toThrow(NOSTRCONNECT_TIMEOUT_MESSAGE)
  })

  it('can be cancelled', async () => {
    const { hub } = hubFor(relay.url)
    const session = nostrConnect(hub, { relays: [relay.url] })
    session.cancel()
    await expect(session.connected).rejects.toThrow(NOSTRCONNECT_CANCELLED_MESSAGE)
  })
})

describe('a kept session after a reload', () => {
  const signerKey = generateSecretKey()

  /** Connects with a client key the test keeps, as the app keeps it sealed. */
  async function keptSession(
    remote: RemoteSignerHandle,
    fields: Partial<KeptRemoteSession> = {},
  ): Promise<KeptRemoteSession> {
    const { hub, connected: ready } = hubFor(relay.url)
    await ready()
    const clientKey = newClientKey()
    // Not closed: a reload sends no logout, so the signer still knows this client.
    await connectRemoteSigner(remote.bunkerUri, hub, { clientKey })
    const secret = new URL(remote.bunkerUri).searchParams.get('secret')
    return {
      clientKey,
      remotePubkey: remote.pubkey,
      userPubkey: alicePub,
      relays: [relay.url],
      secret: secret ? new Secret(secret) : null,
      ...fields,
    }
  }

  /** A new page: a new hub over new sockets. */
  async function newPage() {
    const { hub, connected: ready } = hubFor(relay.url)
    await ready()
    return hub
  }

  it('resumes with the same client key: no new connect, and it signs', async () => {
    const remote = await bunker({ secret: 'once', signerKey })
    const kept = await keptSession(remote)
    const signer = await resumeRemoteSigner(kept, await newPage())
    cleanups.push(() => signer.close())
    expect(await signer.getPublicKey()).toBe(alicePub)
    expect(verifies(await signer.signEvent(note))).toBe(true)
    expect(remote.requests()).toEqual(['connect', 'get_public_key', 'get_public_key', 'sign_event'])
    expect(new Set(remote.clients())).toEqual(new Set([getPublicKey(kept.clientKey.reveal())]))
  })

  it('offers the kept secret once more to a signer that lost the session', async () => {
    const first = await bunker({ secret: 'once', signerKey })
    const kept = await keptSession(first)
    await first.close()
    const restarted = await bunker({ secret: 'once', signerKey })
    const signer = await resumeRemoteSigner(kept, await newPage())
    cleanups.push(() => signer.close())
    expect(await signer.getPublicKey()).toBe(alicePub)
    expect(restarted.requests()).toEqual(['get_public_key', 'connect', 'get_public_key'])
  })

  it("fails with the signer's refusal when it knows neither the client nor the secret", async () => {
    const first = await bunker({ secret: 'once', signerKey })
    const kept = await keptSession(first)
    await first.close()
    await bunker({ secret: 'another', signerKey })
    await expect(resumeRemoteSigner(kept, await newPage())).rejects.toThrow(
      'Remote signer refused the connection: invalid secret',
    )
  })

  it('fails when the signer now signs for another account', async () => {
    const remote = await bunker({ signerKey })
    const kept = await keptSession(remote, { userPubkey: bobPub })
    await expect(resumeRemoteSigner(kept, await newPage())).rejects.toThrow(OTHER_ACCOUNT_MESSAGE)
  })

  it('fails in time when the signer is gone', async () => {
    const remote = await bunker({ signerKey })
    const kept = await keptSession(remote)
    await remote.close()
    const failure = await resumeRemoteSigner(kept, await newPage(), { timeoutMs: 600 }).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(RemoteSignerTimeout)
    expect((failure as Error).message).toBe(REMOTE_TIMEOUT_MESSAGE)
  })

  describe('the login it restores: kept when the signer is out of reach, forgotten otherwise', () => {
    const storage = { local: new MemoryStorage(), session: new MemoryStorage() }
    const sessions = createRemoteSessionStore()
    const FAST = { timeoutMs: 600 }

    beforeEach(() => {
      vi.stubGlobal('localStorage', storage.local)
      vi.stubGlobal('sessionStorage', storage.session)
    })
    afterEach(async () => {
      vi.unstubAllGlobals()
      storage.local.items.clear()
      storage.session.items.clear()
      await sessions.forget()
    })

    /** Logged in with this session, as the app stores it, before the reload. */
    async function storedLogin(kept: KeptRemoteSession) {
      await sessions.save(kept)
      storage.local.setItem(PUBKEY_KEY, kept.userPubkey)
      storage.session.setItem(METHOD_KEY, 'remote')
    }
    const loginStored = () => ({
      pubkey: storage.local.getItem(PUBKEY_KEY),
      method: storage.session.getItem(METHOD_KEY),
    })
    const keptClient = async () => {
      const kept = await sessions.load()
      return kept && getPublicKey(kept.clientKey.reveal())
    }

    it('a signer that does not answer: kept, and the next start resumes it, same client', async () => {
      const first = await bunker({ secret: 'once', signerKey })
      const kept = await keptSession(first)
      const client = getPublicKey(kept.clientKey.reveal())
      await storedLogin(kept)
      await first.close()

      await expect(restoreRemoteLogin(alicePub, await newPage(), sessions, FAST)).rejects.toThrow(
        new Error(remoteUnreachableMessage(REMOTE_TIMEOUT_MESSAGE)),
      )
      expect(await keptClient()).toBe(client)
      expect(loginStored()).toEqual({ pubkey: alicePub, method: 'remote' })

      // The signer is back (restarted: it lost the session, the kept secret opens it again).
      const restarted = await bunker({ secret: 'once', signerKey })
      const signer = await restoreRemoteLogin(alicePub, await newPage(), sessions, FAST)
      cleanups.push(() => signer.close())
      expect(await signer.getPublicKey()).toBe(alicePub)
      expect(verifies(await signer.signEvent(note))).toBe(true)
      expect(restarted.requests()).toEqual([
        'get_public_key',
        'connect',
        'get_public_key',
        'sign_event',
      ])
      expect(restarted.clients()).toEqual([client])
      expect(await keptClient()).toBe(client)
    })

    it("none of the signer's relays takes the request: kept, saying why", async () => {
      const remote = await bunker({ signerKey })
      const gone = await startRelay()
      await gone.close()
      const kept = await keptSession(remote, { relays: [gone.url] })
      await storedLogin(kept)
      const message = await restoreRemoteLogin(alicePub, await newPage(), sessions, FAST).then(
        () => 'resumed',
        (error: Error) => error.message,
      )
      // The cause, as the message shows it: the timeout, then why the last send failed.
      const [before = '', after = ''] = remoteUnreachableMessage('CAUSE').split('CAUSE')
      const cause = `${REMOTE_TIMEOUT_MESSAGE}: Publish failed: ${gone.url}: `
      expect(message.startsWith(`${before}${cause}`), message).toBe(true)
      expect(message.endsWith(after), message).toBe(true)
      expect(await keptClient()).toBe(getPublicKey(kept.clientKey.reveal()))
      expect(loginStored()).toEqual({ pubkey: alicePub, method: 'remote' })
    })

    it('offline: waits for the network before asking, then resumes', async () => {
      const remote = await bunker({ signerKey })
      const kept = await keptSession(remote)
      await storedLogin(kept)
      const network = new EventTarget()
      let online = false
      const restored = restoreRemoteLogin(alicePub, await newPage(), sessions, {
        ...FAST,
        online: () => online,
        network,
      })
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(remote.requests()).toEqual(['connect', 'get_public_key']) // nothing asked yet
      online = true
      network.dispatchEvent(new Event('online'))
      const signer = await restored
      cleanups.push(() => signer.close())
      expect(await signer.getPublicKey()).toBe(alicePub)
      expect(remote.requests()).toEqual(['connect', 'get_public_key', 'get_public_key'])
    })

    it('offline for the whole wait: kept, nothing asked', async () => {
      const remote = await bunker({ signerKey })
      const kept = await keptSession(remote)
      await storedLogin(kept)
      await expect(
        restoreRemoteLogin(alicePub, await newPage(), sessions, {
          ...FAST,
          online: () => false,
          network: new EventTarget(),
          offlineWaitMs: 300,
        }),
      ).rejects.toThrow(new Error(remoteUnreachableMessage(DEVICE_OFFLINE)))
      expect(remote.requests()).toEqual(['connect', 'get_public_key'])
      expect(await keptClient()).toBe(getPublicKey(kept.clientKey.reveal()))
      expect(loginStored()).toEqual({ pubkey: alicePub, method: 'remote' })
    })

    it('a refusal: the kept session and the stored login go', async () => {
      const first = await bunker({ secret: 'once', signerKey })
      const kept = await keptSession(first)
      await storedLogin(kept)
      await first.close()
      await bunker({ secret: 'another', signerKey })
      await expect(restoreRemoteLogin(alicePub, await newPage(), sessions, FAST)).rejects.toThrow(
        new Error(remoteRestoreMessage('Remote signer refused the connection: invalid secret')),
      )
      expect(await sessions.load()).toBeNull()
      expect(loginStored()).toEqual({ pubkey: null, method: null })
    })

    it('another account: both go', async () => {
      const remote = await bunker({ signerKey })
      const kept = await keptSession(remote, { userPubkey: bobPub })
      await storedLogin(kept)
      await expect(restoreRemoteLogin(bobPub, await newPage(), sessions, FAST)).rejects.toThrow(
        new Error(remoteRestoreMessage(OTHER_ACCOUNT_MESSAGE)),
      )
      expect(await sessions.load()).toBeNull()
      expect(loginStored()).toEqual({ pubkey: null, method: null })
    })

    it('no kept session, or one of another user: both go, nothing asked', async () => {
      const remote = await bunker({ signerKey })
      const kept = await keptSession(remote)
      await storedLogin(kept)
      await expect(restoreRemoteLogin(bobPub, await newPage(), sessions, FAST)).rejects.toThrow(
        new Error(remoteRestoreMessage(REMOTE_SESSION_NOT_KEPT)),
      )
      expect(await sessions.load()).toBeNull()
      expect(loginStored()).toEqual({ pubkey: null, method: null })
      storage.local.setItem(PUBKEY_KEY, alicePub)
      await expect(restoreRemoteLogin(alicePub, await newPage(), sessions, FAST)).rejects.toThrow(
        new Error(remoteRestoreMessage(REMOTE_SESSION_NOT_KEPT)),
      )
      expect(loginStored()).toEqual({ pubkey: null, method: null })
      expect(remote.requests()).toEqual(['connect', 'get_public_key'])
    })
  })
})
