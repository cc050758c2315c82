import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { encodeLnurl, type LnurlPayParams } from '../../src/core/lightning/lnurl-pay.ts'
import { ZAP_ERRORS } from '../../src/core/lightning/zap-request.ts'
import {
  type SignedZapRequest,
  type ZapInput,
  type ZapMachine,
  zapMachine,
} from '../../src/machines/zap.machine.ts'
import { encodeInvoice } from '../peers/seed/bolt11.ts'
import { recordRequests } from './deferred.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const RECIPIENT = 'cd'.repeat(32)
const NOTE = 'ef'.repeat(32)
const URL_ = 'https://pay.example.com/.well-known/lnurlp/ann'
const LNURL = encodeLnurl(URL_)
const PARAMS: LnurlPayParams = {
  callback: 'https://pay.example.com/cb',
  minSendable: 10_000,
  maxSendable: 1_000_000,
  commentAllowed: 0,
  allowsNostr: true,
  nostrPubkey: 'ab'.repeat(32),
}
const NO_NOSTR: LnurlPayParams = { ...PARAMS, allowsNostr: false }
const SIGNED: SignedZapRequest = { id: '12'.repeat(32), json: '{"kind":9734,"content":"hi"}' }
const invoiceFor = (msat: number, description: string) =>
  encodeInvoice({
    amountMsat: msat,
    timestamp: 1_700_000_000,
    paymentHash: sha256(utf8ToBytes('p')),
    paymentSecret: sha256(utf8ToBytes('s')),
    descriptionHash: sha256(utf8ToBytes(description)),
    expirySeconds: 3600,
    nodeSecretKey: sha256(utf8ToBytes('node')),
  })
const GOOD_INVOICE = invoiceFor(21_000, SIGNED.json)
const WRONG_INVOICE = invoiceFor(21_000, 'another request')
const PAY_FAILED = 'Insufficient balance'
const OUTCOMES: Record<string, string> = {
  [ZAP_ERRORS.resolve]: 'resolve',
  [ZAP_ERRORS.invoice]: 'invoice',
}

/** §9, as the spec writes them: LNURL parameters 8 s, invoice 10 s, payment 25 s. */
const SPEC_DELAYS = { paramsTimeout: 8000, invoiceTimeout: 10_000, paymentTimeout: 25_000 }

const input = (o: Partial<ZapInput> = {}): ZapInput => ({
  recipientPubkey: RECIPIENT,
  eventId: NOTE,
  lightning: { lud16: 'ann@pay.example.com' },
  relays: ['wss://r.example'],
  proxy: false,
  walletConnected: false,
  ...o,
})

interface Fakes {
  requests: ReturnType<typeof recordRequests>
}

function arrange() {
  const requests = recordRequests()
  const machine = zapMachine.provide({
    actors: {
      resolveParams: requests.deferred(),
      signRequest: requests.deferred(),
      fetchInvoice: requests.deferred(),
      payInvoice: requests.deferred(),
    },
  }) as ZapMachine
  return { machine, fakes: { requests } }
}

/** `message` beside the error: an Error serialises to {} and two samples would look alike. */
const err = (id: string, message: string) => ({
  type: `xstate.error.actor.${id}` as const,
  error: new Error(message),
  message,
})
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}` as const, output })

const samples = {
  'zap.submit': [
    { type: 'zap.submit' as const, amountSats: 21, comment: 'hi' },
    { type: 'zap.submit' as const, amountSats: 5, comment: '' },
  ],
  'zap.wallet': [{ type: 'zap.wallet' as const, connected: true }],
  'zap.receipt': [
    { type: 'zap.receipt' as const, requestId: SIGNED.id },
    { type: 'zap.receipt' as const, requestId: '34'.repeat(32) },
  ],
  'xstate.done.actor.params': [done('params', PARAMS), done('params', NO_NOSTR)],
  'xstate.error.actor.params': [
    err('params', ZAP_ERRORS.resolve),
    err('params', 'Invalid LNURL pay parameters'),
  ],
  'xstate.done.actor.sign': [done('sign', SIGNED)],
  'xstate.error.actor.sign': [err('sign', ZAP_ERRORS.keyLocked), err('sign', 'User rejected')],
  'xstate.done.actor.invoice': [done('invoice', GOOD_INVOICE), done('invoice', WRONG_INVOICE)],
  'xstate.error.actor.invoice': [
    err('invoice', ZAP_ERRORS.invoice),
    err('invoice', ZAP_ERRORS.noInvoice),
  ],
  'xstate.done.actor.pay': [done('pay', { preimage: '00'.repeat(32) })],
  'xstate.error.actor.pay': [err('pay', PAY_FAILED)],
}

const settle = () => vi.advanceTimersByTimeAsync(0)
const settleWith =
  (id: string) =>
  async (event: { output?: unknown; error?: unknown }, { fakes }: { fakes: Fakes }) => {
    const request = fakes.requests.pending(id)
    if ('error' in event && event.error) request.reject(event.error)
    else request.resolve(event.output)
    await settle()
  }

/** Which request each busy state has open. */
const STEPS = {
  resolving: 'params',
  signing: 'sign',
  fetchingInvoice: 'invoice',
  paying: 'pay',
} as const

const harness: Harness<ZapMachine, Fakes> = {
  arrange,
  deliver: {
    'xstate.done.actor.params': settleWith('params'),
    'xstate.error.actor.params': settleWith('params'),
    'xstate.done.actor.sign': settleWith('sign'),
    'xstate.error.actor.sign': settleWith('sign'),
    'xstate.done.actor.invoice': settleWith('invoice'),
    'xstate.error.actor.invoice': settleWith('invoice'),
    'xstate.done.actor.pay': settleWith('pay'),
    'xstate.error.actor.pay': settleWith('pay'),
  },
  states: {
    '*': (snapshot, { fakes }) => {
      const busy = (Object.keys(STEPS) as (keyof typeof STEPS)[]).find((s) => snapshot.matches(s))
      expect(fakes.requests.live().map((request) => request.id)).toEqual(busy ? [STEPS[busy]] : [])
      const { error } = snapshot.context
      if (error !== null) {
        expect([
          ...Object.values(ZAP_ERRORS),
          'Invalid LNURL pay parameters',
          'Amount below minimum: 10 sats',
          'This LNURL endpoint does not allow Nostr zaps',
          PAY_FAILED,
        ]).toContain(error)
      }
    },
    resolving: (snapshot, { fakes }) => {
      expect(fakes.requests.pending('params').input).toEqual({
        url: URL_,
        viaProxy: snapshot.context.viaProxy,
      })
    },
    signing: (_snapshot, { fakes }) => {
      expect(fakes.requests.pending('sign').input).toEqual({
        kind: 9734,
        content: 'hi',
        tags: [
          ['relays', 'wss://r.example'],
          ['amount', '21000'],
          ['lnurl', LNURL],
          ['p', RECIPIENT],
          ['e', NOTE],
          ['client', 'Plume'],
        ],
      })
    },
    fetchingInvoice: (snapshot, { fakes }) => {
      const { url, viaProxy } = fakes.requests.pending('invoice').input as {
        url: string
        viaProxy: boolean
      }
      expect(viaProxy).toBe(snapshot.context.viaProxy)
      const query = new URL(url).searchParams
      expect(url.startsWith(`${PARAMS.callback}?`)).toBe(true)
      expect([query.get('amount'), query.get('nostr'), query.get('lnurl')]).toEqual([
        '21000',
        SIGNED.json,
        LNURL,
      ])
    },
    paying: (snapshot, { fakes }) => {
      expect(snapshot.context.error).toBeNull()
      expect(fakes.requests.pending('pay').input).toEqual({ invoice: GOOD_INVOICE })
    },
    invoice: (snapshot) => {
      expect(snapshot.context.invoice).toBe(GOOD_INVOICE)
    },
    paid: (snapshot) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.context.error).toBeNull()
    },
  },
}

/** Value plus what matters of the context; the rest follows from the path. */
const serializeState = (snapshot: ReturnType<ZapMachine['getInitialSnapshot']>) => {
  const c = snapshot.context
  return JSON.stringify([
    snapshot.value,
    c.error && (OUTCOMES[c.error] ?? c.error),
    c.viaProxy,
    c.walletConnected,
    c.amountSats,
    c.request !== null,
    c.invoice !== null,
  ])
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('zap machine (NIP-57; lightning-and-ecash §7-§9)', () => {
  describe('gives up at the spec timeouts (§9), not a millisecond before', () => {
    const start = (o: Partial<ZapInput> = {}) => {
      const { machine, fakes } = arrange()
      const actor = createActor(machine, { input: input(o) }).start()
      actor.send({ type: 'zap.submit', amountSats: 21, comment: 'hi' })
      return { actor, requests: fakes.requests }
    }
    /** From the form to the invoice fetch: parameters and signature answered. */
    const toInvoice = async (o: Partial<ZapInput> = {}) => {
      const started = start(o)
      started.requests.pending('params').resolve(PARAMS)
      await settle()
      started.requests.pending('sign').resolve(SIGNED)
      await settle()
      expect(started.actor.getSnapshot().value).toBe('fetchingInvoice')
      return started
    }

    it("LNURL parameters: 8 s, then 'network timeout' on the form", () => {
      const { actor } = start()
      vi.advanceTimersByTime(7999)
      expect(actor.getSnapshot().value).toBe('resolving')
      vi.advanceTimersByTime(1)
      expect(actor.getSnapshot().value).toBe('editing')
      expect(actor.getSnapshot().context.error).toBe(ZAP_ERRORS.resolveTimeout)
    })

    it('LNURL parameters with a CORS proxy: 8 s direct, then 8 s through the proxy', () => {
      const { actor, requests } = start({ proxy: true })
      vi.advanceTimersByTime(7999)
      expect(requests.pending('params').input).toEqual({ url: URL_, viaProxy: false })
      vi.advanceTimersByTime(1)
      expect(requests.pending('params').input).toEqual({ url: URL_, viaProxy: true })
      vi.advanceTimersByTime(7999)
      expect(actor.getSnapshot().value).toBe('resolving')
      vi.advanceTimersByTime(1)
      expect(actor.getSnapshot().context.error).toBe(ZAP_ERRORS.resolveTimeout)
    })

    it("invoice: 10 s, then 'network timeout' on the form", async () => {
      const { actor } = await toInvoice()
      vi.advanceTimersByTime(9999)
      expect(actor.getSnapshot().value).toBe('fetchingInvoice')
      vi.advanceTimersByTime(1)
      expect(actor.getSnapshot().value).toBe('editing')
      expect(actor.getSnapshot().context.error).toBe(ZAP_ERRORS.invoiceTimeout)
    })

    it('payment through the connected wallet: 25 s, then the invoice is shown', async () => {
      const { actor, requests } = await toInvoice({ walletConnected: true })
      requests.pending('invoice').resolve(GOOD_INVOICE)
      await settle()
      expect(actor.getSnapshot().value).toBe('paying')
      vi.advanceTimersByTime(24_999)
      expect(actor.getSnapshot().value).toBe('paying')
      vi.advanceTimersByTime(1)
      expect(actor.getSnapshot().value).toBe('invoice')
      expect(actor.getSnapshot().context.error).toBe(ZAP_ERRORS.paymentTimeout)
    })
  })

  for (const [name, options] of [
    ['without a CORS proxy', { proxy: false }],
    ['with a CORS proxy set', { proxy: true }],
  ] as const) {
    describe(name, () => {
      const model = createModel({
        machine: zapMachine,
        input: input(options),
        samples,
        serializeState,
        delays: SPEC_DELAYS,
      })
      for (const path of modelPaths(model, 'transitions')) {
        it(describePath(path), () => walkPath(model, path, harness))
      }
    })
  }

  describe('a recipient without a lightning address', () => {
    const model = createModel({
      machine: zapMachine,
      input: input({ lightning: { lud16: '', lud06: '' } }),
      samples,
      serializeState,
      delays: SPEC_DELAYS,
    })
    for (const path of modelPaths(model, 'transitions')) {
      it(describePath(path), () => walkPath(model, path, harness))
    }
    it("stays on the form with 'Recipient does not have a Lightning address'", () => {
      const { machine } = arrange()
      const actor = createActor(machine, { input: input({ lightning: {} }) }).start()
      actor.send({ type: 'zap.submit', amountSats: 21, comment: '' })
      expect(actor.getSnapshot().value).toBe('editing')
      expect(actor.getSnapshot().context.error).toBe('Recipient does not have a Lightning address')
    })
  })
})
