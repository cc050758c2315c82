// The NIP-47 client end to end: our client (src/actors/lightning/nwc-client.ts) over a real relay against
// the real wallet service of @getalby/sdk with the fake Lightning ledger behind it.
import { createHash } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { type NwcClient, openNwcClient } from '../../src/actors/lightning/nwc-client.ts'
import {
  FAILED_TO_PARSE_RESPONSE,
  msatToSats,
  Nip47Error,
  requestTimedOut,
} from '../../src/core/lightning/nip47.ts'
import { parsePairingCode } from '../../src/core/lightning/nwc-uri.ts'
import { fakeLightning } from './fake-lightning.ts'
import { type NwcWalletHandle, type NwcWalletOptions, startNwcWallet } from './nwc-wallet.ts'
import { type RelayHandle, startRelay } from './relay.ts'

let relay: RelayHandle
const wallets: NwcWalletHandle[] = []
const clients: NwcClient[] = []

beforeAll(async () => {
  relay = await startRelay()
})
afterAll(() => relay.close())
afterEach(async () => {
  for (const client of clients.splice(0)) client.close()
  await Promise.all(wallets.splice(0).map((wallet) => wallet.close()))
})

async function connect(options: Partial<NwcWalletOptions> = {}, flushMs?: number) {
  const wallet = await startNwcWallet({ relayUrl: relay.url, ...options })
  wallets.push(wallet)
  const client = await openNwcClient(parsePairingCode(wallet.pairingCode), {
    connectTimeoutMs: 5000,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    flushMs,
  })
  clients.push(client)
  return { wallet, client }
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex')

describe('NIP-47 client against the Alby wallet service', () => {
  it('reads the info event, picks NIP-44 v2, and reads info and balance (msat shown in sats)', async () => {
    const { wallet, client } = await connect({ balanceMsat: 21_000_500 })
    expect(await client.encryption()).toBe('nip44_v2')
    expect(await client.methods()).toContain('pay_invoice')
    const info = await client.call('get_info', {}, 5000)
    expect(info.alias).toBe('Plume Test Wallet')
    expect(info.methods).toContain('make_invoice')
    const { balance } = await client.call('get_balance', {}, 5000)
    expect(balance).toBe(21_000_500)
    expect(msatToSats(balance)).toBe(21_000)
    expect(wallet.requests()).toEqual(['get_info', 'get_balance'])
  })

  it('started again with the secrets of a closed one, answers the pairing code it had', async () => {
    const first = await startNwcWallet({ relayUrl: relay.url })
    await first.close()
    const { wallet, client } = await connect({ secrets: first.secrets, balanceMsat: 7_000 })
    expect(wallet.pairingCode).toBe(first.pairingCode)
    expect((await client.call('get_balance', {}, 5000)).balance).toBe(7_000)
    const other = await startNwcWallet({ relayUrl: relay.url })
    wallets.push(other)
    expect(other.pairingCode).not.toBe(first.pairingCode)
  })

  it('on close, sends the CLOSE of its subscription before its socket closes, never after', async () => {
    const wallet = await startNwcWallet({ relayUrl: relay.url })
    wallets.push(wallet)
    const sent: { frame: string; open: boolean }[] = []
    let socket: WebSocket | undefined
    // The real socket, with each frame noted with whether the socket was still open.
    class NotingSocket extends WebSocket {
      constructor(url: string) {
        super(url)
        socket = this
      }
      override send(frame: string) {
        sent.push({ frame, open: this.readyState === WebSocket.OPEN })
        super.send(frame)
      }
    }
    const client = await openNwcClient(parsePairingCode(wallet.pairingCode), {
      connectTimeoutMs: 5000,
      WebSocket: NotingSocket as unknown as typeof globalThis.WebSocket,
    })
    await client.call('get_balance', {}, 5000)
    client.close()
    await new Promise((resolve) => socket?.once('close', resolve))
    expect(sent.at(-1)).toEqual({ frame: expect.stringMatching(/^\["CLOSE",/), open: true })
    expect(sent.filter((s) => !s.open)).toEqual([])
  })

  it('falls back to NIP-04 when the service published no info event', async () => {
    const { client } = await connect({ publishInfo: false }, 300)
    expect(await client.encryption()).toBe('nip04')
    expect((await client.call('get_balance', {}, 5000)).balance).toBe(100_000_000)
  })

  it('pays an invoice: the preimage comes back and the balance falls', async () => {
    const { wallet, client } = await connect()
    const invoice = fakeLightning.create(21_000, hash('coffee'))
    const { preimage } = await client.call('pay_invoice', { invoice }, 5000)
    expect(createHash('sha256').update(Buffer.from(preimage, 'hex')).digest('hex')).toBe(
      fakeLightning.lookup(invoice)?.paymentHash,
    )
    expect(wallet.balanceMsat()).toBe(100_000_000 - 21_000)
    const transactions = await client.call('list_transactions', {}, 5000)
    expect(transactions[0]).toMatchObject({ type: 'outgoing', amount: 21_000 })
  })

  it('makes an invoice: paid on the ledger, the balance rises', async () => {
    const { wallet, client } = await connect()
    const { invoice } = await client.call(
      'make_invoice',
      { amount: 5000, description: 'tip' },
      5000,
    )
    expect(invoice).toMatch(/^lnbcrt50n1/)
    fakeLightning.pay(invoice)
    expect(wallet.balanceMsat()).toBe(100_005_000)
  })

  it("surfaces the service's error code and message", async () => {
    const { client } = await connect({ balanceMsat: 1000 })
    const invoice = fakeLightning.create(50_000, hash('too much'))
    const failure = client.call('pay_invoice', { invoice }, 5000)
    await expect(failure).rejects.toThrow('Insufficient balance (INSUFFICIENT_BALANCE)')
    await expect(failure).rejects.toBeInstanceOf(Nip47Error)
  })

  it("a wallet that never answers gives 'Request timed out after {n}ms'", async () => {
    const { wallet, client } = await connect({ mode: 'silent' })
    await expect(client.call('get_info', {}, 1500)).rejects.toThrow(requestTimedOut(1500))
    expect(wallet.requests()).toEqual(['get_info'])
  })

  it('a reply it cannot decrypt is failed_to_parse_response', async () => {
    const { client } = await connect({ mode: 'garbled' })
    await expect(client.call('get_balance', {}, 5000)).rejects.toThrow(
      new Nip47Error(FAILED_TO_PARSE_RESPONSE, FAILED_TO_PARSE_RESPONSE),
    )
  })

  it('an unreachable relay is a network error (retried when stored)', async () => {
    const code = parsePairingCode(
      `nostr+walletconnect://${'ab'.repeat(32)}?relay=ws://127.0.0.1:1&secret=${'cd'.repeat(32)}`,
    )
    await expect(
      openNwcClient(code, { connectTimeoutMs: 1000, WebSocket: WebSocket as never }),
    ).rejects.toThrow('Network error: could not reach ws://127.0.0.1:1')
  })
})
