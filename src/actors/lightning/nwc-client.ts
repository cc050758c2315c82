/**
 * A NIP-47 client: its own socket to the wallet service's relay (the app's relay hub talks only to
 * the pool's relays), the service's info event (kind 13194) read first to choose NIP-44 v2 or
 * NIP-04, requests held until the stored events end or 2.5 s pass (spec §7), each reply awaited
 * by the request's id under a time limit ('Request timed out after {n}ms').
 *
 * Requests are signed and encrypted with the pairing code's secret through an in-memory key
 * signer, which wipes it on close. This module loads only with the wallet.
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import { AbstractRelay } from 'nostr-tools/abstract-relay'
import { type NostrEvent, verifyEvent } from 'nostr-tools/pure'
import {
  chooseEncryption,
  FAILED_TO_PARSE_RESPONSE,
  infoMethods,
  NIP47_INFO_KIND,
  NIP47_REQUEST_KIND,
  NIP47_RESPONSE_KIND,
  type Nip47Encryption,
  Nip47Error,
  type Nip47Method,
  parseResponse,
  type ResultOf,
  requestContent,
  requestTags,
  requestTimedOut,
} from '../../core/lightning/nip47.ts'
import type { PairingCode } from '../../core/lightning/nwc-uri.ts'
import { RESPONSE_FLUSH_MS, WALLET_NOT_CONNECTED } from '../../core/lightning/wallet-connection.ts'
import { messageOf } from '../../core/platform/error-message.ts'
import { Secret } from '../../core/platform/secret.ts'
import { localKeySigner } from '../identity/signers/local-key.ts'
import type { Signer } from '../platform/signer.ts'

export interface NwcClient {
  readonly walletPubkey: string
  /** Known once the stored events ended (or 2.5 s passed). */
  encryption(): Promise<Nip47Encryption>
  /** Methods the info event lists; empty when the service published none. */
  methods(): Promise<string[]>
  call<M extends Nip47Method>(
    method: M,
    params: Record<string, unknown>,
    timeoutMs: number,
  ): Promise<ResultOf[M]>
  close(): void
}

export interface NwcClientOptions {
  /** How long opening the socket may take. */
  connectTimeoutMs: number
  flushMs?: number
  /** Node has no WebSocket before 22: tests pass `ws`. */
  WebSocket?: typeof WebSocket
}

/** Socket failures say 'network' so a stored connection is retried (spec §4). */
const unreachable = (url: string) => new Error(`Network error: could not reach ${url}`)

async function openRelay(relays: string[], options: NwcClientOptions): Promise<AbstractRelay> {
  let lastUrl = relays[0] ?? ''
  for (const url of relays) {
    lastUrl = url
    const relay = new AbstractRelay(url, {
      verifyEvent,
      websocketImplementation: options.WebSocket,
      enableReconnect: true,
    })
    try {
      await relay.connect({ timeout: options.connectTimeoutMs })
      return relay
    } catch {
      relay.close()
    }
  }
  throw unreachable(lastUrl)
}

interface Pending {
  method: Nip47Method
  encryption: Nip47Encryption
  resolve(plaintext: string): void
  reject(error: Error): void
}

export async function openNwcClient(
  code: PairingCode,
  options: NwcClientOptions,
): Promise<NwcClient> {
  const relay = await openRelay(code.relays, options)
  const signer: Signer = localKeySigner(new Secret(hexToBytes(code.secret.reveal())))
  const wallet = code.walletPubkey
  const self = await signer.getPublicKey()
  const pending = new Map<string, Pending>()
  let info: NostrEvent | null = null
  let closed = false

  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  const flush = setTimeout(() => markReady(), options.flushMs ?? RESPONSE_FLUSH_MS)

  const onReply = (event: NostrEvent) => {
    const requestId = event.tags.find((tag) => tag[0] === 'e')?.[1]
    const waiting = requestId ? pending.get(requestId) : undefined
    if (!waiting || !requestId) return
    pending.delete(requestId)
    const decrypt =
      waiting.encryption === 'nip44_v2'
        ? signer.nip44Decrypt(wallet, event.content)
        : signer.nip04Decrypt(wallet, event.content)
    decrypt.then(waiting.resolve, () =>
      waiting.reject(new Nip47Error(FAILED_TO_PARSE_RESPONSE, FAILED_TO_PARSE_RESPONSE)),
    )
  }

  const subscription = relay.subscribe(
    [
      { kinds: [NIP47_INFO_KIND], authors: [wallet], limit: 1 },
      // Replies to this client only; older ones cannot answer a request not yet sent.
      {
        kinds: [NIP47_RESPONSE_KIND],
        authors: [wallet],
        '#p': [self],
        since: Math.floor(Date.now() / 1000) - 60,
      },
    ],
    {
      onevent: (event) => {
        if (event.kind === NIP47_INFO_KIND) {
          if (!info || event.created_at >= info.created_at) info = event
        } else onReply(event)
      },
      oneose: () => markReady(),
    },
  )

  const encryption = async () => {
    await ready
    return chooseEncryption(info)
  }

  const call = async <M extends Nip47Method>(
    method: M,
    params: Record<string, unknown>,
    timeoutMs: number,
  ): Promise<ResultOf[M]> => {
    if (closed) throw new Error(WALLET_NOT_CONNECTED)
    const chosen = await encryption()
    const content = requestContent(method, params)
    const template = {
      kind: NIP47_REQUEST_KIND,
      created_at: Math.floor(Date.now() / 1000),
      tags: requestTags(wallet, chosen),
      content:
        chosen === 'nip44_v2'
          ? await signer.nip44Encrypt(wallet, content)
          : await signer.nip04Encrypt(wallet, content),
    }
    const request = await signer.signEvent(template)
    const plaintext = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(request.id)
        reject(new Nip47Error('TIMEOUT', requestTimedOut(timeoutMs)))
      }, timeoutMs)
      const settle =
        <T>(done: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer)
          done(value)
        }
      pending.set(request.id, {
        method,
        encryption: chosen,
        resolve: settle(resolve),
        reject: settle(reject),
      })
      relay.publish(request).catch((error: unknown) => {
        if (!pending.delete(request.id)) return
        clearTimeout(timer)
        const reason = messageOf(error)
        reject(new Error(`Network error: the wallet relay refused the request (${reason})`))
      })
    })
    return parseResponse(method, plaintext)
  }

  return {
    walletPubkey: wallet,
    encryption,
    methods: async () => {
      await ready
      return infoMethods(info)
    },
    call,
    close() {
      if (closed) return
      closed = true
      clearTimeout(flush)
      subscription.close()
      // nostr-tools sends the CLOSE a microtask later (AbstractRelay.send waits on the connection):
      // closing the socket at once would send it on a closing socket, an error in the console.
      queueMicrotask(() => relay.close())
      signer.close()
      for (const waiting of pending.values()) waiting.reject(new Error(WALLET_NOT_CONNECTED))
      pending.clear()
    },
  }
}
