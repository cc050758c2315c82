/**
 * A real NIP-46 remote signer ("bunker") for tests: it holds the user's key, listens for kind
 * 24133 requests on a real relay and answers them as NIP-46 says, encrypted to the client with
 * NIP-44. It has its own signer key, distinct from the user's, as real bunkers may. Faults make
 * it silent, demand approval (auth_url) or answer with NIP-04 like older signers.
 */
import { bytesToHex, randomBytes } from '@noble/hashes/utils.js'
import { AbstractRelay } from 'nostr-tools/abstract-relay'
import * as nip04 from 'nostr-tools/nip04'
import { v2 as nip44 } from 'nostr-tools/nip44'
import {
  type EventTemplate,
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  type NostrEvent,
  verifyEvent,
} from 'nostr-tools/pure'
import { WebSocket } from 'ws'

const KIND = 24133

export interface RemoteSignerFaults {
  /** Records requests but never answers: the client's timeouts are tested with it. */
  silent?: boolean
  /** Answers every request after connect with an auth challenge pointing here. */
  authUrl?: string
  /** Encrypts responses with NIP-04 instead of NIP-44. */
  nip04Responses?: boolean
}

export interface RemoteSignerOptions {
  relayUrl: string
  userKey: Uint8Array
  /** Required in `connect` when set; good for one client only, as NIP-46 advises. */
  secret?: string
  /** The bunker's own key; a fresh one when absent. */
  signerKey?: Uint8Array
  faults?: RemoteSignerFaults
}

export interface RemoteSignerHandle {
  /** bunker://<signer pubkey>?relay=…&secret=… */
  bunkerUri: string
  /** The remote signer's pubkey (not the user's). */
  pubkey: string
  userPubkey: string
  /** Answers a client's nostrconnect:// link: the connect response carrying its secret. */
  connectTo(nostrconnectUri: string): Promise<void>
  /** Methods seen, in order, answered or not. */
  requests(): string[]
  /** The client pubkeys requests came from, in order of their first request. */
  clients(): string[]
  close(): Promise<void>
}

interface Request {
  id: string
  method: string
  params: string[]
}

export async function startRemoteSigner(options: RemoteSignerOptions): Promise<RemoteSignerHandle> {
  const { userKey, faults = {} } = options
  const signerKey = options.signerKey ?? generateSecretKey()
  const pubkey = getPublicKey(signerKey)
  const userPubkey = getPublicKey(userKey)
  const relay = await AbstractRelay.connect(options.relayUrl, {
    verifyEvent,
    // ws speaks the browser WebSocket API nostr-tools uses; only its type declarations differ.
    websocketImplementation: WebSocket as unknown as typeof globalThis.WebSocket,
  })
  const seen: string[] = []
  const clients = new Set<string>()
  const sessions = new Set<string>() // client pubkeys that connected
  let secretUsedBy: string | undefined

  const respond = async (client: string, body: { id: string; result: string; error?: string }) => {
    const text = JSON.stringify(body)
    const content = faults.nip04Responses
      ? nip04.encrypt(signerKey, client, text)
      : nip44.encrypt(text, nip44.utils.getConversationKey(signerKey, client))
    const event = finalizeEvent(
      { kind: KIND, created_at: now(), tags: [['p', client]], content },
      signerKey,
    )
    await relay.publish(event)
  }

  const perform = (client: string, { method, params }: Request): string => {
    if (method === 'connect') {
      if (params[0] !== pubkey) throw new Error('connect is for another signer')
      if (options.secret !== undefined) {
        const fresh = secretUsedBy === undefined || secretUsedBy === client
        if (params[1] !== options.secret || !fresh) throw new Error('invalid secret')
        secretUsedBy = client
      }
      sessions.add(client)
      return 'ack'
    }
    if (!sessions.has(client)) throw new Error('not connected: send connect first')
    const [peer = '', text = ''] = params
    switch (method) {
      case 'ping':
        return 'pong'
      case 'get_public_key':
        return userPubkey
      case 'sign_event': {
        const { kind, content, tags, created_at } = JSON.parse(params[0] ?? '') as EventTemplate
        return JSON.stringify(finalizeEvent({ kind, content, tags, created_at }, userKey))
      }
      case 'nip04_encrypt':
        return nip04.encrypt(userKey, peer, text)
      case 'nip04_decrypt':
        return nip04.decrypt(userKey, peer, text)
      case 'nip44_encrypt':
        return nip44.encrypt(text, nip44.utils.getConversationKey(userKey, peer))
      case 'nip44_decrypt':
        return nip44.decrypt(text, nip44.utils.getConversationKey(userKey, peer))
      case 'switch_relays':
        return 'null'
      case 'logout':
        sessions.delete(client)
        return 'ack'
      default:
        throw new Error(`unknown method: ${method}`)
    }
  }

  const handle = async (event: NostrEvent) => {
    const request = readRequest(event, signerKey)
    if (!request) return
    seen.push(request.method)
    clients.add(event.pubkey)
    if (faults.silent) return
    const client = event.pubkey
    if (faults.authUrl && request.method !== 'connect' && sessions.has(client)) {
      await respond(client, { id: request.id, result: 'auth_url', error: faults.authUrl })
      return
    }
    try {
      await respond(client, { id: request.id, result: perform(client, request) })
    } catch (error) {
      await respond(client, { id: request.id, result: '', error: (error as Error).message })
    }
  }

  await new Promise<void>((ready) => {
    relay.subscribe([{ kinds: [KIND], '#p': [pubkey], limit: 0 }], {
      onevent: (event) => void handle(event).catch(() => {}),
      oneose: ready,
    })
  })

  const bunker = new URL(`bunker://${pubkey}`)
  bunker.searchParams.append('relay', options.relayUrl)
  if (options.secret) bunker.searchParams.set('secret', options.secret)

  return {
    bunkerUri: bunker.toString(),
    pubkey,
    userPubkey,
    async connectTo(nostrconnectUri) {
      const link = new URL(nostrconnectUri)
      const client = link.host
      const secret = link.searchParams.get('secret')
      if (link.protocol !== 'nostrconnect:' || !/^[0-9a-f]{64}$/.test(client) || !secret) {
        throw new Error(`not a nostrconnect link: ${nostrconnectUri}`)
      }
      const relays = link.searchParams.getAll('relay').map((url) => url.replace(/\/+$/, ''))
      if (!relays.includes(options.relayUrl.replace(/\/+$/, ''))) {
        throw new Error(`the link does not name ${options.relayUrl}: ${relays.join(', ')}`)
      }
      sessions.add(client)
      await respond(client, { id: bytesToHex(randomBytes(8)), result: secret })
    },
    requests: () => [...seen],
    clients: () => [...clients],
    async close() {
      relay.close()
    },
  }
}

function readRequest(event: NostrEvent, signerKey: Uint8Array): Request | undefined {
  try {
    const text = event.content.includes('?iv=')
      ? nip04.decrypt(signerKey, event.pubkey, event.content)
      : nip44.decrypt(event.content, nip44.utils.getConversationKey(signerKey, event.pubkey))
    const request = JSON.parse(text) as Request
    return typeof request.id === 'string' && typeof request.method === 'string'
      ? { id: request.id, method: request.method, params: request.params ?? [] }
      : undefined
  } catch {
    return undefined
  }
}

const now = () => Math.floor(Date.now() / 1000)
