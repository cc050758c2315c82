/**
 * The remote signer's login (NIP-46), loaded with its first use rather than with the app (login.effects.ts):
 * a bunker link or a nostrconnect:// offer connected, its session kept sealed on the device
 * (remote-session-store.ts) and resumed after a reload (remote-restore.ts).
 */
import { messageOf } from '../../core/platform/error-message.ts'
import { Secret } from '../../core/platform/secret.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import type { RemoteRestoreOptions } from './remote-restore.ts'
import type { RemoteSessionStore } from './remote-session-store.ts'
import type { NostrConnectSession, RemoteSigner } from './signers/nip46.ts'

// Loaded with the first use: NIP-46 with its ciphers, and the resumption of a remote signer's session.
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

export interface RemoteLogin {
  /** A nostrconnect:// link for a signer app, whose answer `connect` then waits for. */
  offer(relays: string[]): Promise<string>
  /**
   * Connects a bunker link or waits for the answer to an offered nostrconnect:// link (the signer
   * before it closed already), keeping the session.
   */
  connect(uri: string, signal: AbortSignal): Promise<{ pubkey: string }>
  /** After a reload (the slot emptied already); what a failure keeps is remote-restore.ts's to say. */
  restore(pubkey: string): Promise<{ pubkey: string }>
}

export function remoteLogin(
  hub: RelayHub,
  remote: RemoteSignerSlot,
  sessions: RemoteSessionStore,
  restore: RemoteRestoreOptions = {},
): RemoteLogin {
  const offers = new Map<string, Offer>()

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

  return {
    async offer(relays) {
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
    },

    async connect(uri, signal) {
      const connected = uri.startsWith('nostrconnect://')
        ? await answerTo(uri, signal)
        : await connectBunker(uri)
      remote.current = connected.signer
      const pubkey = await connected.signer.getPublicKey()
      await keep(connected, pubkey)
      return { pubkey }
    },

    async restore(pubkey) {
      const { restoreRemoteLogin } = await remoteRestore()
      remote.current = await restoreRemoteLogin(pubkey, hub, sessions, restore)
      return { pubkey }
    },
  }
}

function wipe(key: Secret<Uint8Array>): void {
  key.reveal().fill(0)
}
