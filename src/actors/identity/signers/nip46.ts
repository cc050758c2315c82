/**
 * Remote signing (NIP-46): connect to a "bunker" from its bunker:// link, or hand the user a
 * nostrconnect:// link for their signer app, then sign and encrypt through it.
 *
 * Relays: the session talks through our relay hub only (our sockets, verification, status
 * lights), so the signer must listen on a relay the hub is connected to. The system adds the
 * signer's relays to the pool first (see `parseBunkerUri`) or passes `hubRelays` so a link whose
 * relays we do not use fails at once with a clear message instead of timing out.
 */
import { bytesToHex, randomBytes } from '@noble/hashes/utils.js'
import { type ClientMetadata, createNostrConnectURI } from 'nostr-tools/nip46'
import type { EventTemplate } from 'nostr-tools/pure'
import type { Signer } from '../../platform/signer.ts'
import { type Nip46Channel, openNip46Channel, type RemoteSignerHub } from './nip46-channel.ts'
import { checkSignedEvent } from './signed-event.ts'
import { NO_SIGNER_MESSAGE } from './unavailable.ts'

export {
  REMOTE_TIMEOUT_MESSAGE,
  RemoteSignerAuthError,
  type RemoteSignerHub,
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
export const relaysNotUsedMessage = (relays: readonly string[]): string =>
  `The remote signer listens on ${relays.join(', ')}; add one of these relays first`

export type RemoteSigner = Signer & { readonly remotePubkey: string }

export interface BunkerPointer {
  /** The remote signer's key (not necessarily the user's). */
  pubkey: string
  relays: string[]
  secret: string | null
}

export interface RemoteSignerOptions {
  /** Per request; also for connect when `connectTimeoutMs` is not given. */
  timeoutMs?: number
  connectTimeoutMs?: number
  /** The hub's relays: when given, the signer must listen on one of them. */
  hubRelays?: readonly string[]
  /** Shown by the signer when it asks the user to approve this app. */
  client?: ClientMetadata
  /** NIP-46 permissions asked for, such as 'sign_event:1' or 'nip44_encrypt'. */
  perms?: string[]
}

export interface NostrConnectOptions extends Omit<RemoteSignerOptions, 'hubRelays'> {
  /** Hub relays the signer should answer on; they go into the link. */
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

/**
 * bunker://<64 hex>?relay=…&secret=…. Looser than nostr-tools' BUNKER_REGEX, which refuses a
 * secret with '+' or other characters URLSearchParams writes; only ws(s) relays are kept.
 */
const BUNKER_LINK = /^bunker:\/\/([0-9a-fA-F]{64})\/?(?:\?(.*))?$/

export function parseBunkerUri(uri: string): BunkerPointer {
  const match = uri.trim().match(BUNKER_LINK)
  if (!match?.[1]) throw new Error(INVALID_BUNKER_MESSAGE)
  const query = new URLSearchParams(match[2] ?? '')
  const relays = query.getAll('relay').filter(isRelayUrl)
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
  if (
    options.hubRelays &&
    !pointer.relays.some((relay) => includesRelay(options.hubRelays ?? [], relay))
  ) {
    throw new Error(relaysNotUsedMessage(pointer.relays))
  }
  const channel = openNip46Channel(hub)
  try {
    const params = [pointer.pubkey, pointer.secret ?? '']
    // Positional: metadata goes fourth, so perms must be there (maybe empty) when it is sent.
    if (options.perms?.length || options.client) params.push(options.perms?.join(',') ?? '')
    if (options.client) params.push(JSON.stringify(options.client))
    const answer = await channel.request(
      pointer.pubkey,
      'connect',
      params,
      options.connectTimeoutMs ?? options.timeoutMs ?? CONNECT_TIMEOUT_MS,
    )
    if (answer !== 'ack' && answer !== pointer.secret) {
      throw new Error(`Remote signer answered the connection with "${answer}" instead of "ack"`)
    }
    return await startSession(channel, pointer.pubkey, options)
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
  if (!options.relays.some(isRelayUrl)) throw new Error('Choose a relay for the remote signer')
  const channel = openNip46Channel(hub)
  const secret = bytesToHex(randomBytes(12))
  const uri = createNostrConnectURI({
    clientPubkey: channel.clientPubkey,
    relays: options.relays.filter(isRelayUrl),
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
    .then((remote) => startSession(channel, remote, options))
    .catch((error: unknown) => {
      channel.close()
      throw error
    })
  connected.catch(() => {}) // a cancelled link nobody awaits is not an unhandled rejection
  return { uri, connected, cancel: () => cancel() }
}

/** NIP-46: the user's key may differ from the signer's, so ask for it after connecting. */
async function startSession(
  channel: Nip46Channel,
  remotePubkey: string,
  options: RemoteSignerOptions,
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

function isRelayUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === 'wss:' || protocol === 'ws:'
  } catch {
    return false
  }
}

/** Relay URLs compare by scheme, host and path, ignoring case in the host and a trailing slash. */
function includesRelay(relays: readonly string[], relay: string): boolean {
  const key = (url: string) => {
    try {
      const parsed = new URL(url)
      return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`
    } catch {
      return url
    }
  }
  return relays.some((candidate) => key(candidate) === key(relay))
}
