import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { CASHU } from '../../src/core/ecash/cashu-constants.ts'
import type { StoredProof } from '../../src/core/ecash/cashu-proof-book.ts'
import {
  type DepositEvent,
  type DepositInput,
  type DepositMachine,
  type DepositQuote,
  depositMachine,
} from '../../src/machines/deposit.machine.ts'
import { recordRequests, settleByInvokeId } from './deferred.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const MINT = 'http://127.0.0.1:3338'
const QUOTE: DepositQuote = { quote: 'q1', request: 'lnbcrt10u1…', amount: 1000, expiry: null }
const PROOFS: StoredProof[] = [{ id: '00aa', amount: 1000, secret: 's', C: '02' }]
// Errors as plain objects: samples are told apart by their JSON, where every Error is `{}`.
const ISSUED = { code: 20002, message: 'quote already issued' }
const NOT_PAID = { code: 20001, message: 'quote not paid' }
const RATE_LIMIT = { message: 'Rate limit exceeded' }
const OFFLINE = { message: 'Network request failed' }

interface Fakes {
  recorder: ReturnType<typeof recordRequests>
  watching: number
}

/**
 * The poll interval grows without bound, so the model graph folds it ("first" or "later") and
 * waits a fixed time instead; the growth itself is checked by the timing tests below.
 */
const MODEL_POLL_MS = 1000
const modelMachine = depositMachine.provide({ delays: { pollInterval: MODEL_POLL_MS } })

function arrange(base: DepositMachine = modelMachine) {
  const recorder = recordRequests()
  const fakes: Fakes = { recorder, watching: 0 }
  const machine = base.provide({
    actors: {
      createQuote: recorder.deferred(),
      checkQuote: recorder.deferred(),
      mintProofs: recorder.deferred(),
      saveProofs: recorder.deferred(),
      deleteQuote: recorder.deferred(),
      watchQuote: fromCallback<DepositEvent, { mint: string; quote: DepositQuote }>(() => {
        fakes.watching++
        return () => {
          fakes.watching--
        }
      }),
    },
  })
  return { machine: machine as DepositMachine, fakes }
}

const done = (id: string, output?: unknown) => ({
  type: `xstate.done.actor.${id}` as const,
  output,
})
const failed = (id: string, error: unknown) => ({
  type: `xstate.error.actor.${id}` as const,
  error,
})

const samples = {
  'xstate.done.actor.createQuote': [done('createQuote', QUOTE)],
  'xstate.error.actor.createQuote': [
    failed('createQuote', { message: 'unit in request is not supported' }),
  ],
  'xstate.done.actor.checkQuote': [
    done('checkQuote', 'UNPAID'),
    done('checkQuote', 'PAID'),
    done('checkQuote', 'ISSUED'),
  ],
  'xstate.error.actor.checkQuote': [
    failed('checkQuote', RATE_LIMIT),
    failed('checkQuote', ISSUED),
    failed('checkQuote', OFFLINE),
  ],
  'xstate.done.actor.mintProofs': [done('mintProofs', PROOFS)],
  'xstate.error.actor.mintProofs': [
    failed('mintProofs', ISSUED),
    failed('mintProofs', NOT_PAID),
    failed('mintProofs', OFFLINE),
  ],
  'xstate.done.actor.saveProofs': [done('saveProofs')],
  'xstate.error.actor.saveProofs': [failed('saveProofs', { message: 'QuotaExceededError' })],
  'xstate.done.actor.deleteQuote': [done('deleteQuote')],
  'xstate.error.actor.deleteQuote': [failed('deleteQuote', OFFLINE)],
  'deposit.paid': [{ type: 'deposit.paid' as const }],
  'deposit.cancel': [{ type: 'deposit.cancel' as const }],
  'deposit.retry': [{ type: 'deposit.retry' as const }],
}

const settleTick = () => vi.advanceTimersByTimeAsync(0)

const deliver = settleByInvokeId<Fakes>(Object.keys(samples), settleTick)

const harness: Harness<DepositMachine, Fakes> = {
  arrange: () => arrange(),
  deliver,
  states: {
    '*': (snapshot, { fakes }) => {
      // The NUT-17 subscription lives exactly as long as the wait for payment.
      expect(fakes.watching).toBe(snapshot.matches('awaitingPayment') ? 1 : 0)
    },
    quoting: (_, { fakes }) => {
      expect(fakes.recorder.pending('createQuote').input).toEqual({ mint: MINT, amount: 1000 })
    },
    'awaitingPayment.checking': (_, { fakes }) => {
      expect(fakes.recorder.pending('checkQuote').input).toEqual({ mint: MINT, quote: QUOTE })
    },
    minting: (snapshot, { fakes }) => {
      expect(fakes.recorder.pending('mintProofs').input).toEqual({ mint: MINT, quote: QUOTE })
      expect(snapshot.context.retries).toBeLessThanOrEqual(CASHU.minting.retries)
    },
    saving: (_, { fakes }) => {
      expect(fakes.recorder.pending('saveProofs').input).toEqual({
        mint: MINT,
        quote: QUOTE,
        proofs: PROOFS,
      })
    },
    deletingQuote: (snapshot) => {
      expect(['minted', 'issued']).toContain(snapshot.context.outcome)
    },
    done: (snapshot) => {
      const { outcome, proofs } = snapshot.output ?? {}
      expect(proofs).toEqual(outcome === 'minted' ? PROOFS : [])
    },
    failed: (snapshot) => {
      expect(snapshot.output?.outcome).toBe('failed')
      expect(snapshot.output?.error).not.toBeNull()
    },
    cancelled: (snapshot) => {
      expect(snapshot.output?.outcome).toBe('cancelled')
      expect(snapshot.output?.proofs).toEqual([])
    },
  },
}

/** The interval is unbounded; for the graph only "first check" and "later" differ. */
const serializeState = (
  snapshot: ReturnType<ReturnType<typeof arrange>['machine']['resolveState']>,
) => {
  const { interval, ...rest } = snapshot.context
  return JSON.stringify({
    value: snapshot.value,
    ...rest,
    interval: interval === CASHU.deposit.firstIntervalMs ? 'first' : 'later',
  })
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('deposit model', () => {
  const inputs: Array<[string, DepositInput]> = [
    ['a new deposit', { mint: MINT, amount: 1000 }],
    ['a deposit resumed with its quote', { mint: MINT, amount: 1000, quote: QUOTE }],
  ]
  for (const [name, input] of inputs) {
    const model = createModel({ machine: modelMachine, input, samples, serializeState })
    describe(name, () => {
      const paths = modelPaths(model, 'transitions')
      it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
        walkPath(model, path, harness),
      )
    })
  }
})

describe('deposit timing', () => {
  /** Starts a deposit with its quote and returns helpers to answer its requests. */
  function start() {
    const { machine, fakes } = arrange(depositMachine)
    const actor = createActor(machine, {
      input: { mint: MINT, amount: 1000, quote: QUOTE },
    }).start()
    const checks = () => fakes.recorder.requests.filter((r) => r.id === 'checkQuote').length
    /** Milliseconds until the next check starts. */
    const nextCheckIn = async () => {
      const before = checks()
      for (let ms = 1; ms <= 60_000; ms++) {
        await vi.advanceTimersByTimeAsync(1)
        if (checks() > before) return ms
      }
      throw new Error('no check within 60 s')
    }
    const answer = async (id: string, outcome: { output?: unknown; error?: unknown }) => {
      const request = fakes.recorder.pending(id)
      if ('error' in outcome) request.reject(outcome.error)
      else request.resolve(outcome.output)
      await settleTick()
    }
    return { actor, fakes, nextCheckIn, answer }
  }

  it('checks after 2500 ms, then 500 ms later each time; a rate limit adds 5000 ms', async () => {
    const { nextCheckIn, answer } = start()
    expect(await nextCheckIn()).toBe(2500)
    await answer('checkQuote', { output: 'UNPAID' })
    expect(await nextCheckIn()).toBe(3000)
    await answer('checkQuote', { error: OFFLINE })
    expect(await nextCheckIn()).toBe(3500)
    await answer('checkQuote', { error: RATE_LIMIT })
    expect(await nextCheckIn()).toBe(8500)
    await answer('checkQuote', { output: 'UNPAID' })
    expect(await nextCheckIn()).toBe(9000)
  })

  it('retries minting 3 times, 1500, 3000 and 4500 ms apart, then fails with the error', async () => {
    const { actor, fakes, answer } = start()
    actor.send({ type: 'deposit.paid' })
    await settleTick()
    const minting = () => fakes.recorder.live().filter((r) => r.id === 'mintProofs').length
    expect(minting()).toBe(1)
    for (const retry of [1, 2, 3]) {
      await answer('mintProofs', { error: OFFLINE })
      await vi.advanceTimersByTimeAsync(CASHU.minting.delayStepMs * retry - 1)
      expect(minting(), `retry ${retry} not yet`).toBe(0)
      await vi.advanceTimersByTimeAsync(1)
      expect(minting(), `retry ${retry} after ${1500 * retry} ms`).toBe(1)
    }
    await answer('mintProofs', { error: OFFLINE })
    expect(actor.getSnapshot().output).toEqual({
      outcome: 'failed',
      proofs: [],
      error: OFFLINE.message,
    })
  })

  it('finishes when the mint says the quote was already issued, deleting the quote event', async () => {
    const { actor, answer } = start()
    actor.send({ type: 'deposit.paid' })
    await answer('mintProofs', { error: ISSUED })
    await answer('deleteQuote', {})
    expect(actor.getSnapshot().output).toEqual({ outcome: 'issued', proofs: [], error: null })
  })
})
