/**
 * The NIP-46 wire under a remote signer session: kind 24133 requests, NIP-44 encrypted to the
 * remote signer and signed with this session's client key, sent and answered through our relay
 * hub (its sockets, worker verification and relay lights) on the signer's relays only: those of
 * the bunker:// link or of our nostrconnect:// link, joined for this purpose whether or not the
 * pool uses them (the hub's reason 'signer'). Responses are matched to requests by id and sender;
 * NIP-04 responses are accepted too, since older signers still send them.
 */
import { bytesToHex, randomBytes } from '@noble/hashes/utils.js'
import * as nip04 from 'nostr-tools/nip04'
import { v2 as nip44 } from 'nostr-tools/nip44'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { messageOf } from '../../../core/platform/error-message.ts'
import { Secret } from '../../../core/platform/secret.ts'
import type { RelayReason } from '../../../core/relays/relay-reason.ts'
import type { RelayHub } from '../../relays/relay-hub.ts'
import { RemoteSignerTimeout } from './remote-timeout.ts'
import { NO_SIGNER_MESSAGE } from './unavailable.ts'

export { REMOTE_TIMEOUT_MESSAGE, RemoteSignerTimeout } from './remote-timeout.ts'

export const NOSTR_CONNECT_KIND = 24133
/** While no relay takes a request (none connected yet), it is sent again, waiting longer each time. */
export const PUBLISH_RETRY_MS = 500
const PUBLISH_RETRY_MAX_MS = 5000
/** NIP-44 payloads top out near 90 KB; anything larger is not an answer worth decrypting. */
const MAX_CONTENT_LENGTH = 100_000

/** The part of the hub a session uses. */
export type RemoteSignerHub = Pick<RelayHub, 'subscribe' | 'publish'>

export interface Nip46Response {
  id: string
  result: string
  error?: string
}

/** The remote signer answered with an error: it refuses the request (or this client). */
export class RemoteSignerRefusal extends Error {
  override readonly name = 'RemoteSignerRefusal'
}

/** The remote signer wants the user to approve in a web page first (NIP-46 auth challenge). */
export class RemoteSignerAuthError extends Error {
  constructor(readonly url: string) {
    super(`Remote signer asks you to approve this request at ${url} — open it, then try again.`)
    this.name = 'RemoteSignerAuthError'
  }
}

export interface Nip46Channel {
  readonly clientPubkey: string
  /**
   * Resolves with the signer's result; rejects with its refusal, a RemoteSignerTimeout or an auth
   * challenge.
   */
  request(remote: string, method: string, params: string[], timeoutMs: number): Promise<string>
  /** Sends without waiting for an answer (the courtesy `logout` on close). */
  notify(remote: string, method: string, params: string[]): void
  /** Responses no request waits for, such as the answer to a nostrconnect:// link. */
  onUnsolicited(listener: (response: Nip46Response, from: string) => void): () => void
  /** Ends the session: pending requests fail, the client key is zeroed. */
  close(): void
}

interface Pending {
  remote: string
  method: string
  resolve(result: string): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout>
  retry?: ReturnType<typeof setTimeout>
  /** Why the last publish failed, if it did: said in the timeout message. */
  publishError?: string
  attempts: number
}

export interface Nip46ChannelOptions {
  /** The signer's relays, normalized: requests go there and answers are awaited there only. */
  relays: readonly string[]
  /** The client key of a session to resume; a fresh one when absent. The channel keeps a copy. */
  clientKey?: Secret<Uint8Array>
}

const SIGNER: RelayReason = { kind: 'signer' }

export function openNip46Channel(hub: RemoteSignerHub, options: Nip46ChannelOptions): Nip46Channel {
  // Its own copy, wiped on close: never in a snapshot or a log (a kept session is sealed first).
  const clientKey = new Secret(
    options.clientKey ? Uint8Array.from(options.clientKey.reveal()) : generateSecretKey(),
  )
  const relays = [...options.relays]
  const clientPubkey = getPublicKey(clientKey.reveal())
  const conversations = new Map<string, Uint8Array>() // remote signers we have written to
  const pending = new Map<string, Pending>()
  const listeners = new Set<(response: Nip46Response, from: string) => void>()
  let closed = false

  const conversationKey = (peer: string, remember: boolean) => {
    const known = conversations.get(peer)
    if (known) return known
    const shared = nip44.utils.getConversationKey(clientKey.reveal(), peer)
    if (remember) conversations.set(peer, shared)
    return shared
  }

  const requestEvent = (remote: string, body: object): NostrEvent =>
    finalizeEvent(
      {
        kind: NOSTR_CONNECT_KIND,
        created_at: Math.floor(Date.now() / 1000),
        tags: [['p', remote]],
        content: nip44.encrypt(JSON.stringify(body), conversationKey(remote, true)),
      },
      clientKey.reveal(),
    )

  const decrypt = (event: NostrEvent): Nip46Response | undefined => {
    if (event.content.length > MAX_CONTENT_LENGTH) return undefined
    try {
      const text = event.content.includes('?iv=')
        ? nip04.decrypt(clientKey.reveal(), event.pubkey, event.content)
        : nip44.decrypt(
            event.content,
            conversationKey(event.pubkey, conversations.has(event.pubkey)),
          )
      return parseResponse(JSON.parse(text))
    } catch {
      return undefined // not for us, or not readable: someone else's traffic
    }
  }

  const finish = (id: string, outcome: { result: string } | { error: Error }) => {
    const entry = pending.get(id)
    if (!entry) return
    pending.delete(id)
    clearTimeout(entry.timer)
    clearTimeout(entry.retry)
    if ('error' in outcome) entry.reject(outcome.error)
    else entry.resolve(outcome.result)
  }

  const answer = (response: Nip46Response, method: string) => {
    if (response.result === 'auth_url') {
      const url = response.error ?? ''
      return finish(response.id, {
        error: isWebAddress(url)
          ? new RemoteSignerAuthError(url)
          : new Error('Remote signer sent an approval link that is not a web address'),
      })
    }
    if (response.error) {
      const what = method === 'connect' ? 'connection' : 'request'
      return finish(response.id, {
        error: new RemoteSignerRefusal(`Remote signer refused the ${what}: ${response.error}`),
      })
    }
    finish(response.id, { result: response.result })
  }

  const subscription = hub.subscribe(
    [{ kinds: [NOSTR_CONNECT_KIND], '#p': [clientPubkey], limit: 0 }],
    {
      onEvent(event) {
        const response = decrypt(event)
        if (!response) return
        const entry = pending.get(response.id)
        // Only the signer a request went to may answer it.
        if (entry && entry.remote === event.pubkey) {
          answer(response, entry.method)
        } else if (!entry) {
          for (const listener of listeners) listener(response, event.pubkey)
        }
      },
    },
    { relays, reason: SIGNER },
  )

  const send = (id: string, event: NostrEvent) => {
    hub.publish(event, relays, { reason: SIGNER }).then(
      () => {
        const entry = pending.get(id)
        if (entry) entry.publishError = undefined
      },
      (error: unknown) => {
        const entry = pending.get(id)
        if (!entry) return
        entry.publishError = messageOf(error)
        const delay = Math.min(PUBLISH_RETRY_MS * 2 ** entry.attempts++, PUBLISH_RETRY_MAX_MS)
        entry.retry = setTimeout(() => send(id, event), delay)
      },
    )
  }

  return {
    clientPubkey,

    request(remote, method, params, timeoutMs) {
      if (closed) return Promise.reject(new Error(NO_SIGNER_MESSAGE))
      return new Promise<string>((resolve, reject) => {
        const id = bytesToHex(randomBytes(8))
        const event = requestEvent(remote, { id, method, params })
        const entry: Pending = {
          remote,
          method,
          resolve,
          reject,
          attempts: 0,
          timer: setTimeout(
            () => finish(id, { error: new RemoteSignerTimeout(entry.publishError) }),
            timeoutMs,
          ),
        }
        pending.set(id, entry)
        send(id, event)
      })
    },

    notify(remote, method, params) {
      if (closed) return
      const event = requestEvent(remote, { id: bytesToHex(randomBytes(8)), method, params })
      hub.publish(event, relays, { reason: SIGNER }).catch(() => {}) // a courtesy: nobody waits
    },

    onUnsolicited(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    close() {
      if (closed) return
      closed = true
      subscription.close()
      listeners.clear()
      for (const id of [...pending.keys()]) {
        finish(id, { error: new Error('Remote signer session closed') })
      }
      clientKey.reveal().fill(0)
      for (const shared of conversations.values()) shared.fill(0)
      conversations.clear()
    },
  }
}

function parseResponse(value: unknown): Nip46Response | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { id, result, error } = value as Record<string, unknown>
  if (typeof id !== 'string') return undefined
  return {
    id,
    // NIP-46 results are strings; a signer that sends JSON instead is read leniently.
    result: typeof result === 'string' ? result : result == null ? '' : JSON.stringify(result),
    ...(typeof error === 'string' && error ? { error } : {}),
  }
}

/** The UI opens an approval link: only http(s), never javascript: or data:. */
function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}
