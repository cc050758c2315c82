/**
 * Remote signing (NIP-46): connect to a "bunker" from its bunker:// link, or hand the user a
 * nostrconnect:// link for their signer app, then sign and encrypt through it; after a reload,
 * resume a kept session with its client key.
 *
 * Relays: the session talks through our relay hub only (our sockets, verification, status
 * lights), on the signer's relays only: those the bunker:// link names, or those our
 * nostrconnect:// link names. The hub reaches them whether or not the pool uses them.
 */
import { bytesToHex, randomBytes } from '@noble/hashes/utils.js'
import { type ClientMetadata, createNostrConnectURI } from 'nostr-tools/nip46'
import { type EventTemplate, generateSecretKey } from 'nostr-tools/pure'
import type { KeptRemoteSession } from '../../../core/identity/remote-session.ts'
import { Secret } from '../../../core/platform/secret.ts'
import { normalizeRelayUrls } from '../../../core/relays/relay-url.ts'
import type { Signer } from '../../platform/signer.ts'
import {
  type Nip46Channel,
  openNip46Channel,
  type RemoteSignerHub,
  RemoteSignerRefusal,
} from './nip46-channel.ts'
import { checkSignedEvent } from './signed-event.ts'
import { NO_SIGNER_MESSAGE } from './unavailable.ts'

export {
  REMOTE_TIMEOUT_MESSAGE,
  RemoteSignerAuthError,
  type RemoteSignerHub,
  RemoteSignerRefusal,
  RemoteSignerTimeout,
} from './nip46-channel.ts'

/** Any request: signing, encryption, the public key. */
export const REQUEST_TIMEOUT_MS = 30_000
/** `connect` may wait on the user approving this app in the signer. */
export const CONNECT_TIMEOUT_MS = 60_000
/** A nostrconnect:// link waits on the user copying or scanning it into their signer app. */
export const NOSTRCONNECT_TIMEOUT_MS = 300_000

export const INVALID_BUNKER_MESSAGE =
  'Invalid bunker link: expected bunker://<remote signer pubkey>?relay=wss://…'
export const BUNKER_WITHOUT_RELAY_MESSAGE = 'The bunker link names no relay'
export const NOSTRCONNECT_TIMEOUT_MESSAGE = 'Remote signer did not connect in time'
export const NOSTRCONNECT_CANCELLED_MESSAGE = 'Remote signer connection cancelled'
export const OTHER_ACCOUNT_MESSAGE = 'the remote signer now signs for another account'

export type RemoteSigner = Signer & {
  readonly remotePubkey: string
  /** Where the signer listens (normalized): what resuming the session needs, with its key. */
  readonly relays: readonly string[]
}

export interface BunkerPointer {
  /** The remote signer's key (not necessarily the user's). */
  pubkey: string
  /** Normalized. */
  relays: string[]
  secret: string | null
}

export interface RemoteSignerOptions {
  /** Per request; also for connect when `connectTimeoutMs` is not given. */
  timeoutMs?: number
  connectTimeoutMs?: number
  /** Shown by the signer when it asks the user to approve this app. */
  client?: ClientMetadata
  /** NIP-46 permissions asked for, such as 'sign_event:1' or 'nip44_encrypt'. */
  perms?: string[]
  /**
   * The session's client key, for the caller to keep and resume the session with; a fresh one
   * when absent. The session holds its own copy.
   */
  clientKey?: Secret<Uint8Array>
}

export interface NostrConnectOptions extends RemoteSignerOptions {
  /** Relays the signer should answer on; they go into the link. */
  relays: string[]
  /** How long the link waits for the signer's answer. */
  waitMs?: number
}

export interface NostrConnectSession {
  /** The nostrconnect:// link to show (as text or QR code). */
  uri: string
  /** Resolves once the signer answered the link with its secret and gave the user's key. */
  connected: Promise<RemoteSigner>
  cancel(): void
}

/** A client key for a new session, for the caller to keep (and wipe) as it sees fit. */
export function newClientKey(): Secret<Uint8Array> {
  return new Secret(generateSecretKey())
}

/**
 * bunker://<64 hex>?relay=…&secret=…. Looser than nostr-tools' BUNKER_REGEX, which refuses a
 * secret with '+' or other characters URLSearchParams writes; only ws(s) relays are kept.
 */
const BUNKER_LINK = /^bunker:\/\/([0-9a-fA-F]{64})\/?(?:\?(.*))?$/

export function parseBunkerUri(uri: string): BunkerPointer {
  const match = uri.trim().match(BUNKER_LINK)
  if (!match?.[1]) throw new Error(INVALID_BUNKER_MESSAGE)
  const query = new URLSearchParams(match[2] ?? '')
  const relays = normalizeRelayUrls(query.getAll('relay'))
  if (relays.length === 0) throw new Error(BUNKER_WITHOUT_RELAY_MESSAGE)
  return { pubkey: match[1].toLowerCase(), relays, secret: query.get('secret') || null }
}

/** bunker:// flow: `connect` (with the link's secret), then `get_public_key`. */
export async function connectRemoteSigner(
  uri: string,
  hub: RemoteSignerHub,
  options: RemoteSignerOptions = {},
): Promise<RemoteSigner> {
  const pointer = parseBunkerUri(uri)
  const channel = openNip46Channel(hub, { relays: pointer.relays, clientKey: options.clientKey })
  try {
    await connect(channel, pointer.pubkey, pointer.secret, options)
    return await startSession(channel, pointer.pubkey, pointer.relays, options)
  } catch (error) {
    channel.close()
    throw error
  }
}

/**
 * A kept session after a reload: the same client key, so the signer knows this app already and
 * no new `connect` is asked (NIP-46: the client keypair is the session). Only a signer that
 * refuses it (it lost the session) is offered the kept connect secret once more. The signer must
 * still sign for the same user.
 */
export async function resumeRemoteSigner(
  kept: KeptRemoteSession,
  hub: RemoteSignerHub,
  options: Pick<RemoteSignerOptions, 'timeoutMs' | 'connectTimeoutMs'> = {},
): Promise<RemoteSigner> {
  const channel = openNip46Channel(hub, { relays: kept.relays, clientKey: kept.clientKey })
  const session = () => startSession(channel, kept.remotePubkey, kept.relays, options)
  try {
    let signer: RemoteSigner
    try {
      signer = await session()
    } catch (error) {
      if (!(error instanceof RemoteSignerRefusal) || !kept.secret) throw error
      await connect(channel, kept.remotePubkey, kept.secret.reveal(), options)
      signer = await session()
    }
    if ((await signer.getPublicKey()) !== kept.userPubkey) throw new Error(OTHER_ACCOUNT_MESSAGE)
    return signer
  } catch (error) {
    channel.close()
    throw error
  }
}

/** nostrconnect:// flow: the link carries our client key and a secret the signer must echo. */
export function nostrConnect(
  hub: RemoteSignerHub,
  options: NostrConnectOptions,
): NostrConnectSession {
  const relays = normalizeRelayUrls(options.relays)
  if (relays.length === 0) throw new Error('Choose a relay for the remote signer')
  const channel = openNip46Channel(hub, { relays, clientKey: options.clientKey })
  const secret = bytesToHex(randomBytes(12))
  const uri = createNostrConnectURI({
    clientPubkey: channel.clientPubkey,
    relays,
    secret,
    ...(options.perms ? { perms: options.perms } : {}),
    ...options.client,
  })
  let cancel = () => {}
  const answered = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => stop(new Error(NOSTRCONNECT_TIMEOUT_MESSAGE)),
      options.waitMs ?? NOSTRCONNECT_TIMEOUT_MS,
    )
    const unlisten = channel.onUnsolicited((response, from) => {
      // The secret proves the answer comes from the signer the user gave our link to.
      if (response.result !== secret) return
      clearTimeout(timer)
      unlisten()
      resolve(from)
    })
    const stop = (error: Error) => {
      clearTimeout(timer)
      unlisten()
      reject(error)
    }
    cancel = () => stop(new Error(NOSTRCONNECT_CANCELLED_MESSAGE))
  })
  const connected = answered
    .then((remote) => startSession(channel, remote, relays, options))
    .catch((error: unknown) => {
      channel.close()
      throw error
    })
  connected.catch(() => {}) // a cancelled link nobody awaits is not an unhandled rejection
  return { uri, connected, cancel: () => cancel() }
}

/** `connect` with the secret, if any; the signer answers "ack" (or, some, the secret). */
async function connect(
  channel: Nip46Channel,
  remotePubkey: string,
  secret: string | null,
  options: RemoteSignerOptions,
): Promise<void> {
  const params = [remotePubkey, secret ?? '']
  // Positional: metadata goes fourth, so perms must be there (maybe empty) when it is sent.
  if (options.perms?.length || options.client) params.push(options.perms?.join(',') ?? '')
  if (options.client) params.push(JSON.stringify(options.client))
  const answer = await channel.request(
    remotePubkey,
    'connect',
    params,
    options.connectTimeoutMs ?? options.timeoutMs ?? CONNECT_TIMEOUT_MS,
  )
  if (answer !== 'ack' && answer !== secret) {
    throw new Error(`Remote signer answered the connection with "${answer}" instead of "ack"`)
  }
}

/** NIP-46: the user's key may differ from the signer's, so ask for it after connecting. */
async function startSession(
  channel: Nip46Channel,
  remotePubkey: string,
  relays: readonly string[],
  options: Pick<RemoteSignerOptions, 'timeoutMs'>,
): Promise<RemoteSigner> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS
  const ask = (method: string, params: string[]) =>
    channel.request(remotePubkey, method, params, timeoutMs)
  const userPubkey = await ask('get_public_key', [])
  if (!/^[0-9a-f]{64}$/.test(userPubkey)) {
    throw new Error('The remote signer returned an invalid public key')
  }
  let closed = false

  return {
    kind: 'remote',
    remotePubkey,
    relays,
    getPublicKey: () =>
      closed ? Promise.reject(new Error(NO_SIGNER_MESSAGE)) : Promise.resolve(userPubkey),
    async signEvent(template: EventTemplate) {
      const { kind, content, tags, created_at } = template
      const answer = await ask('sign_event', [JSON.stringify({ kind, content, tags, created_at })])
      let returned: unknown
      try {
        returned = JSON.parse(answer)
      } catch {
        throw new Error('The remote signer returned something that is not an event')
      }
      return checkSignedEvent(returned, template, userPubkey, 'The remote signer')
    },
    nip04Encrypt: (peer, plaintext) => ask('nip04_encrypt', [peer, plaintext]),
    nip04Decrypt: (peer, ciphertext) => ask('nip04_decrypt', [peer, ciphertext]),
    nip44Encrypt: (peer, plaintext) => ask('nip44_encrypt', [peer, plaintext]),
    nip44Decrypt: (peer, ciphertext) => ask('nip44_decrypt', [peer, ciphertext]),
    close() {
      if (closed) return
      closed = true
      // NIP-46: a courtesy so the signer can drop the session; the client key goes regardless.
      channel.notify(remotePubkey, 'logout', [])
      channel.close()
    },
  }
}
