/**
 * The login machine's effects: the extension, the keystore and the remote signer, whose session
 * is kept sealed on the device (remote-session-store.ts) and resumed after a reload.
 */
import { type EventObject, fromCallback, fromPromise } from 'xstate'
import { Secret } from '../../core/platform/secret.ts'
import {
  type ExtensionAvailabilityEvent,
  loginActors,
  type PersistKeyInput,
  type UnlockedKey,
  type UnlockKeyInput,
  type WatchExtensionInput,
} from '../../machines/login.machine.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import type { Keystore } from './keystore.ts'
import type { RemoteRestoreOptions } from './remote-restore.ts'
import type { RemoteSessionStore } from './remote-session-store.ts'
import type { NostrConnectSession, RemoteSigner } from './signers/nip46.ts'

// Loaded with the first use, not with the app: the record crypto, NIP-46 with its ciphers, and
// the resumption of a remote signer's session.
const records = () => import('../../core/identity/keystore-record.ts')
const nip46 = () => import('./signers/nip46.ts')
const remoteRestore = () => import('./remote-restore.ts')

/** Holds the connected remote signer: the machine only learns its pubkey. */
export interface RemoteSignerSlot {
  current: RemoteSigner | null
}

const NOSTRCONNECT_EXPIRED = 'This nostrconnect:// link has expired: create a new one'

/** A connected signer with what keeping its session needs besides the signer itself. */
interface Connected {
  signer: RemoteSigner
  clientKey: Secret<Uint8Array>
  /** The bunker link's connect secret. */
  secret: string | null
}

interface Offer {
  session: NostrConnectSession
  clientKey: Secret<Uint8Array>
}

/**
 * The login machine's actors (its child machines, each provided with the effects it runs), plus
 * `offerNostrConnect`: a nostrconnect:// link for a signer app, whose answer the machine then
 * waits for with `login.remote { uri }`.
 */
export function loginEffects(
  keystore: Keystore,
  hub: RelayHub,
  remote: RemoteSignerSlot,
  sessions: RemoteSessionStore,
  restore: RemoteRestoreOptions = {},
) {
  const offers = new Map<string, Offer>()

  const offerNostrConnect = async (relays: string[]): Promise<string> => {
    const { newClientKey, nostrConnect } = await nip46()
    const clientKey = newClientKey()
    try {
      const session = nostrConnect(hub, { relays, client: { name: 'Plume' }, clientKey })
      offers.set(session.uri, { session, clientKey })
      return session.uri
    } catch (error) {
      wipe(clientKey)
      throw error
    }
  }

  const connectBunker = async (uri: string): Promise<Connected> => {
    const { newClientKey, connectRemoteSigner, parseBunkerUri } = await nip46()
    const clientKey = newClientKey()
    try {
      const signer = await connectRemoteSigner(uri, hub, { clientKey })
      return { signer, clientKey, secret: parseBunkerUri(uri).secret }
    } catch (error) {
      wipe(clientKey)
      throw error
    }
  }

  /** Seals the session for the next reload; without it the login still works, for this page. */
  const keep = async ({ signer, clientKey, secret }: Connected, userPubkey: string) => {
    try {
      await sessions.save({
        clientKey,
        remotePubkey: signer.remotePubkey,
        userPubkey,
        relays: [...signer.relays],
        secret: secret === null ? null : new Secret(secret),
      })
    } catch (error) {
      // Storage or WebCrypto errors never quote the key.
      console.warn('The remote signer session is not kept on this device:', messageOf(error))
    } finally {
      wipe(clientKey)
    }
  }

  const effects = {
    extensionPublicKey: fromPromise<string>(async () => {
      const { nip07Signer } = await import('./signers/nip07.ts')
      return nip07Signer().getPublicKey()
    }),

    // It receives no events; what it sends back is typed by sendBack's use.
    watchExtension: fromCallback<EventObject, WatchExtensionInput>(({ sendBack, input }) => {
      const check = () => {
        const event: ExtensionAvailabilityEvent = {
          type: 'extension.availability',
          available: 'nostr' in globalThis,
        }
        sendBack(event)
      }
      check()
      const timer = setInterval(check, input.intervalMs)
      return () => clearInterval(timer)
    }),

    unlockKey: fromPromise<UnlockedKey, UnlockKeyInput>(async ({ input }) => {
      try {
        return { key: await keystore.unlock(input.pubkey, input.passphrase), pubkey: input.pubkey }
      } catch (error) {
        // The asking screen's texts (spec §8); they never contain the secret.
        const texts = await records()
        const wording = {
          unlock: texts.unlockMessage,
          viewSecret: texts.viewSecretMessage,
          savedAccount: texts.savedAccountMessage,
        }[input.purpose]
        throw new Error(wording(error))
      }
    }),

    persistKey: fromPromise<void, PersistKeyInput>(async ({ input }) => {
      await keystore.saveKey(await (await records()).createRecord(input.key, input.passphrase))
    }),

    forgetKey: fromPromise<void, { pubkey: string }>(({ input }) =>
      keystore.deleteKey(input.pubkey),
    ),

    connectRemote: fromPromise<{ pubkey: string }, { uri: string }>(async ({ input, signal }) => {
      remote.current?.close()
      const connected = input.uri.startsWith('nostrconnect://')
        ? await answerTo(input.uri, signal)
        : await connectBunker(input.uri)
      remote.current = connected.signer
      const pubkey = await connected.signer.getPublicKey()
      await keep(connected, pubkey)
      return { pubkey }
    }),

    // After a reload; what a failure keeps is remote-restore.ts's to say.
    restoreRemote: fromPromise<{ pubkey: string }, { pubkey: string }>(async ({ input }) => {
      remote.current?.close()
      remote.current = null // a failed restore leaves no closed signer behind
      const { restoreRemoteLogin } = await remoteRestore()
      remote.current = await restoreRemoteLogin(input.pubkey, hub, sessions, restore)
      return { pubkey: input.pubkey }
    }),
  }

  async function answerTo(uri: string, signal: AbortSignal): Promise<Connected> {
    const offer = offers.get(uri)
    if (!offer) throw new Error(NOSTRCONNECT_EXPIRED)
    offers.delete(uri)
    signal.addEventListener('abort', () => offer.session.cancel())
    try {
      return { signer: await offer.session.connected, clientKey: offer.clientKey, secret: null }
    } catch (error) {
      wipe(offer.clientKey)
      throw error
    }
  }

  return { actors: loginActors(effects), offerNostrConnect }
}

function wipe(key: Secret<Uint8Array>): void {
  key.reveal().fill(0)
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error)
}
