import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  addProofs,
  balance,
  commit,
  emptyBook,
  type MintProofState,
  type ProofBook,
  proofsIn,
  release,
  reserve,
  type StoredProof,
  settle,
} from '../../src/core/ecash/cashu-proof-book.ts'
import {
  type OperationResult,
  type ProofReservationInput,
  type ProofReservationMachine,
  proofReservationMachine,
} from '../../src/machines/proof-reservation.machine.ts'
import { recordRequests, settleByInvokeId } from './deferred.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const MINT = 'http://127.0.0.1:3338'
/** 150 proofs: checkstate needs two batches (100 + 50). */
const SECRETS = Array.from({ length: 150 }, (_, i) => `s${i}`)
const INPUT: ProofReservationInput = { opId: 'op1', kind: 'melt', mint: MINT, secrets: SECRETS }
const CHANGE: StoredProof = { id: '00aa', amount: 2, secret: 'change', C: '02' }
// Short samples keep the path names readable; the machine passes on whatever it is given.
const RESULT: OperationResult = { spent: ['s0', 's149'], change: [CHANGE] }
const ALL_SPENT = { s0: 'SPENT', s149: 'UNSPENT' } as const
// Errors as plain objects: samples are told apart by their JSON, where every Error is `{}`.
const REFUSED = { code: 11005, message: 'transaction is not balanced' }
const SPENT = { code: 11001, message: 'Token already spent.' }
const OFFLINE = { message: 'Network request failed' }

interface Fakes {
  recorder: ReturnType<typeof recordRequests>
}

function arrange() {
  const recorder = recordRequests()
  const machine = proofReservationMachine.provide({
    actors: {
      reserve: recorder.deferred(),
      operation: recorder.deferred(),
      commit: recorder.deferred(),
      release: recorder.deferred(),
      checkState: recorder.deferred(),
      settle: recorder.deferred(),
    },
  })
  return { machine: machine as ProofReservationMachine, fakes: { recorder } }
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
  'xstate.done.actor.reserve': [done('reserve')],
  'xstate.error.actor.reserve': [
    failed('reserve', { message: 'Some of these proofs are no longer available' }),
  ],
  'xstate.done.actor.operation': [done('operation', RESULT)],
  'xstate.error.actor.operation': [
    failed('operation', REFUSED),
    failed('operation', SPENT),
    failed('operation', OFFLINE),
  ],
  'xstate.done.actor.commit': [done('commit')],
  'xstate.error.actor.commit': [failed('commit', { message: 'QuotaExceededError' })],
  'xstate.done.actor.release': [done('release')],
  'xstate.error.actor.release': [failed('release', { message: 'blocked' })],
  'xstate.done.actor.checkState': [done('checkState', ALL_SPENT)],
  'xstate.error.actor.checkState': [failed('checkState', OFFLINE)],
  'xstate.done.actor.settle': [done('settle')],
  'xstate.error.actor.settle': [failed('settle', { message: 'blocked' })],
  'reservation.retry': [{ type: 'reservation.retry' as const }],
}

const settleTick = () => vi.advanceTimersByTimeAsync(0)

const deliver = settleByInvokeId<Fakes>(Object.keys(samples), settleTick)

const harness: Harness<ProofReservationMachine, Fakes> = {
  arrange,
  deliver,
  states: {
    reserving: (_, { fakes }) => {
      expect(fakes.recorder.pending('reserve').input).toEqual({
        opId: 'op1',
        kind: 'melt',
        mint: MINT,
        secrets: SECRETS,
      })
    },
    running: (_, { fakes }) => {
      expect(fakes.recorder.pending('operation').input).toMatchObject({
        opId: 'op1',
        secrets: SECRETS,
      })
    },
    committing: (_, { fakes }) => {
      expect(fakes.recorder.pending('commit').input).toEqual({ opId: 'op1', result: RESULT })
    },
    reconciling: (snapshot, { fakes }) => {
      const { secrets } = fakes.recorder.pending('checkState').input as { secrets: string[] }
      // Batches of 100: the first batch, then the rest.
      expect(secrets).toEqual(
        snapshot.context.batch === 0 ? SECRETS.slice(0, 100) : SECRETS.slice(100),
      )
    },
    settling: (snapshot, { fakes }) => {
      expect(fakes.recorder.pending('settle').input).toEqual({ opId: 'op1', states: ALL_SPENT })
      expect(snapshot.context.batch).toBe(2)
    },
    unresolved: (snapshot, { fakes }) => {
      expect(fakes.recorder.live()).toEqual([])
      expect(snapshot.context.error).not.toBeNull()
    },
    releasing: (snapshot) => {
      expect(snapshot.context.error).toBe(REFUSED.message)
    },
    succeeded: (snapshot) => {
      expect(snapshot.output).toEqual({ outcome: 'succeeded', error: null })
    },
    failed: (snapshot) => {
      expect(snapshot.output?.outcome).toBe('failed')
      expect(snapshot.output?.error).not.toBeNull()
    },
    reconciled: (snapshot) => {
      expect(snapshot.output?.outcome).toBe('reconciled')
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('proof reservation model', () => {
  for (const [name, input] of [
    ['an operation', INPUT],
    ['a resumed operation', { ...INPUT, resume: true }],
  ] as const) {
    const model = createModel({ machine: proofReservationMachine, input, samples })
    describe(name, () => {
      const paths = modelPaths(model, 'transitions')
      it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
        walkPath(model, path, harness),
      )
    })
  }
})

describe('proof reservation over the local proof book', () => {
  const proofs: StoredProof[] = [8, 4, 2, 1].map((amount, i) => ({
    id: '00aa',
    amount,
    secret: `p${i}`,
    C: '02',
  }))
  const spend = ['p0', 'p1']

  /** Storage is the pure proof book in memory; the mint answers from `mintStates`. */
  function wallet(book: ProofBook, mintStates: Record<string, MintProofState>) {
    const store = { book }
    const machine = proofReservationMachine.provide({
      actors: {
        reserve: fromPromise(async ({ input }) => {
          store.book = reserve(store.book, input, 1)
        }),
        commit: fromPromise(async ({ input }) => {
          store.book = commit(store.book, input.opId, input.result.spent, input.result.change, 2)
        }),
        release: fromPromise(async ({ input }) => {
          store.book = release(store.book, input.opId, 2)
        }),
        checkState: fromPromise(async ({ input }) =>
          Object.fromEntries(input.secrets.map((s) => [s, mintStates[s] ?? 'UNSPENT'])),
        ),
        settle: fromPromise(async ({ input }) => {
          store.book = settle(store.book, input.opId, (s) => input.states[s], 3)
        }),
      },
    })
    return { store, machine }
  }

  async function run(
    operation: () => Promise<OperationResult>,
    mintStates: Record<string, MintProofState> = {},
    input: Partial<ProofReservationInput> = {},
    book = addProofs(emptyBook(), MINT, proofs, 0),
  ) {
    const { store, machine } = wallet(book, mintStates)
    const actor = createActor(machine.provide({ actors: { operation: fromPromise(operation) } }), {
      input: { opId: 'pay', kind: 'melt', mint: MINT, secrets: spend, ...input },
    }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'))
    return { store, output: actor.getSnapshot().output }
  }

  beforeEach(() => {
    vi.useRealTimers()
  })

  it('deletes the spent inputs and adds the change on success', async () => {
    const { store, output } = await run(async () => ({ spent: spend, change: [CHANGE] }))
    expect(output).toEqual({ outcome: 'succeeded', error: null })
    expect(balance(store.book)).toBe(3 + 2)
    expect(proofsIn(store.book, 'deleted').map((p) => p.secret)).toEqual(spend)
    expect(store.book.journal).toEqual([])
  })

  it('returns the proofs when the mint refuses', async () => {
    const { store, output } = await run(() => Promise.reject(REFUSED))
    expect(output).toEqual({ outcome: 'failed', error: REFUSED.message })
    expect(balance(store.book)).toBe(15)
    expect(store.book.journal).toEqual([])
  })

  it('asks the mint when the outcome is unknown, and counts what it spent', async () => {
    const { store, output } = await run(() => Promise.reject(OFFLINE), { p0: 'SPENT', p1: 'SPENT' })
    expect(output).toEqual({ outcome: 'reconciled', error: OFFLINE.message })
    expect(balance(store.book)).toBe(3)
    expect(store.book.journal).toEqual([])
  })

  it('after a reload in the middle, settles the journaled reservation from checkstate', async () => {
    // The page went away while the payment ran: proofs reserved, journal open.
    const interrupted = reserve(
      addProofs(emptyBook(), MINT, proofs, 0),
      { opId: 'pay', kind: 'melt', mint: MINT, secrets: spend },
      1,
    )
    let ran = false
    const { store, output } = await run(
      async () => {
        ran = true
        return { spent: [], change: [] }
      },
      { p0: 'SPENT', p1: 'PENDING' },
      { resume: true },
      interrupted,
    )
    expect(ran, 'a resumed operation is not run again').toBe(false)
    expect(output?.outcome).toBe('reconciled')
    // p0 spent, p1 still pending at the mint: kept reserved, journal kept for the next check.
    expect(balance(store.book)).toBe(3)
    expect(proofsIn(store.book, 'reserved').map((p) => p.secret)).toEqual(['p1'])
    expect(store.book.journal.map((j) => j.opId)).toEqual(['pay'])
  })
})
