/** The test mint's pieces against the NUT vectors (mint side) and its HTTP/websocket surface. */
import { createHash } from 'node:crypto'
import { Keyset } from '@cashu/cashu-ts'
import { hexToBytes } from '@noble/hashes/utils.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { nut00, nut11, nut12 } from '../../fixtures/nuts/index.ts'
import { createFakeLightning } from '../fake-lightning.ts'
import { checkSpendingConditions, sigAllMessage } from './conditions.ts'
import { MintError } from './errors.ts'
import { createKeyset, inputFee, keysetKeys, type MintKeyset } from './keysets.ts'
import { powersOfTwo } from './quotes.ts'
import { type MintHandle, startMint } from './server.ts'
import { proofY, signOutput } from './signing.ts'

/** A one-key keyset holding a vector's private key for amount 1. */
const vectorKeyset = (k: string): MintKeyset => ({
  id: '00882760bfa2eb41',
  unit: 'sat',
  active: true,
  input_fee_ppk: 0,
  keys: {},
  privateKeys: { '1': hexToBytes(k) },
})

const codeOf = (run: () => unknown): number | undefined => {
  try {
    run()
  } catch (error) {
    if (error instanceof MintError) return error.code
    throw error
  }
  return undefined
}

describe('mint crypto against the vectors', () => {
  it('NUT-00: blind signatures C_ = k·B_', () => {
    for (const v of nut00.blindedSignatures) {
      const sig = signOutput(vectorKeyset(v.k), { amount: 1, id: '00882760bfa2eb41', B_: v.B_ })
      expect(sig.C_).toBe(v.C_)
    }
  })

  it('NUT-00: Y = hash_to_curve of the UTF-8 bytes of the secret', () => {
    // The vector messages are bytes below 0x80, so each is the UTF-8 of a string of those codes.
    for (const v of nut00.hashToCurve) {
      const text = String.fromCharCode(...hexToBytes(v.message))
      expect(proofY(text)).toBe(v.point)
    }
  })

  it('NUT-12: the DLEQ proof uses the deterministic nonce (e and s exactly)', () => {
    const v = nut12.deterministicNonce
    const sig = signOutput(vectorKeyset(v.a), { amount: 1, id: '00882760bfa2eb41', B_: v.B_ })
    expect(sig.C_).toBe(v.C_)
    expect(sig.dleq).toEqual({ e: v.e, s: v.s })
  })

  it('NUT-11: P2PK proofs spend only with the witness their lock asks for', () => {
    for (const v of nut11.proofs) {
      const code = codeOf(() => checkSpendingConditions([v.proof], []))
      expect([v.description, code]).toEqual([v.description, v.valid ? undefined : 10001])
    }
  })

  it('NUT-11: the SIG_ALL message of a swap and of a melt', () => {
    const { swapExample, meltExample } = nut11.sigAll
    const swapMsg = sigAllMessage(swapExample.request.inputs, swapExample.request.outputs)
    expect(swapMsg).toBe(swapExample.msgToSign)
    expect(createHash('sha256').update(swapMsg).digest('hex')).toBe(swapExample.sha256)
    const r = meltExample.request
    const meltMsg = sigAllMessage(r.inputs, r.outputs, r.quote)
    expect(meltMsg).toBe(meltExample.msgToSign)
    expect(createHash('sha256').update(meltMsg).digest('hex')).toBe(meltExample.sha256)
  })

  it('NUT-11: SIG_ALL swaps and melts', () => {
    for (const v of nut11.sigAll.swaps) {
      const run = () => checkSpendingConditions(v.request.inputs, v.request.outputs)
      expect([v.description, codeOf(run)]).toEqual([v.description, v.valid ? undefined : 10001])
    }
    for (const v of nut11.sigAll.melts) {
      const { inputs, outputs, quote } = v.request
      const run = () => checkSpendingConditions(inputs, outputs, quote)
      expect([v.description, codeOf(run)]).toEqual([v.description, v.valid ? undefined : 10001])
    }
  })

  it('NUT-02: keyset ids of version 00 and 01 verify against their keys; fees round up', () => {
    const v0 = createKeyset({ version: 0 })
    const v1 = createKeyset({ version: 1, inputFeePpk: 100, finalExpiry: 2059210353 })
    expect(v0.id).toMatch(/^00[0-9a-f]{14}$/)
    expect(v1.id).toMatch(/^01[0-9a-f]{64}$/)
    for (const k of [v0, v1]) expect(Keyset.verifyKeysetId(keysetKeys(k))).toBe(true)
    const byId = (id: string) => (id === v1.id ? v1 : v0)
    expect(inputFee([v1.id], byId)).toBe(1)
    expect(inputFee(Array(10).fill(v1.id), byId)).toBe(1)
    expect(inputFee(Array(11).fill(v1.id), byId)).toBe(2)
    expect(inputFee([v0.id, v0.id], byId)).toBe(0)
  })

  it('NUT-08: change is split into powers of two', () => {
    expect(powersOfTwo(900)).toEqual([512, 256, 128, 4])
    expect(powersOfTwo(0)).toEqual([])
  })
})

describe('mint HTTP and websocket surface', () => {
  let mint: MintHandle
  const lightning = createFakeLightning()
  beforeAll(async () => {
    mint = await startMint({ lightning, keysets: [{ version: 0 }] })
  })
  afterAll(() => mint.stop())

  const post = async (path: string, body: unknown) => {
    const res = await fetch(mint.url + path, { method: 'POST', body: JSON.stringify(body) })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it('answers mint errors as 400 { detail, code } and unknown paths as 404', async () => {
    const unknown = await fetch(`${mint.url}/v1/keys/00ffffffffffffff`)
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({ detail: 'keyset is not known', code: 12001 })
    expect(await post('/v1/swap', { inputs: [], outputs: [] })).toEqual({
      status: 400,
      body: { detail: 'no inputs', code: 10001 },
    })
    expect(await post('/v1/mint/quote/bolt11', { amount: 5, unit: 'usd' })).toEqual({
      status: 400,
      body: { detail: 'unit in request is not supported', code: 11013 },
    })
    expect((await fetch(`${mint.url}/v1/nothing`)).status).toBe(404)
    const preflight = await fetch(`${mint.url}/v1/swap`, { method: 'OPTIONS' })
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('refuses to mint an unpaid quote, then notifies NUT-17 subscribers when it is paid', async () => {
    const { body: quote } = await post('/v1/mint/quote/bolt11', { amount: 8, unit: 'sat' })
    expect(quote.state).toBe('UNPAID')
    expect(await post('/v1/mint/bolt11', { quote: quote.quote, outputs: [] })).toEqual({
      status: 400,
      body: { detail: 'quote not paid', code: 20001 },
    })
    const ws = new WebSocket(`${mint.url.replace('http', 'ws')}/v1/ws`)
    const messages: Array<Record<string, unknown>> = []
    const arrived = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (messages.length >= n ? resolve() : setTimeout(check, 10))
        check()
      })
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())))
    await new Promise((resolve) => ws.once('open', resolve))
    ws.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'subscribe',
        params: { kind: 'bolt11_mint_quote', subId: 's1', filters: [quote.quote] },
      }),
    )
    await arrived(2)
    expect(messages[0]).toEqual({ jsonrpc: '2.0', result: { status: 'OK', subId: 's1' }, id: 0 })
    expect(messages[1]).toMatchObject({ params: { subId: 's1', payload: { state: 'UNPAID' } } })
    mint.payMintQuote(String(quote.quote))
    await arrived(3)
    expect(messages[2]).toMatchObject({ params: { subId: 's1', payload: { state: 'PAID' } } })
    ws.send(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'unsubscribe', params: { subId: 's1' } }),
    )
    await arrived(4)
    expect(messages[3]).toEqual({ jsonrpc: '2.0', result: { status: 'OK', subId: 's1' }, id: 1 })
    ws.close()
  })
})
