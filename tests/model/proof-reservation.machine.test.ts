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
/** 250 proofs: checkstate needs three batches (100 + 100 + 50). */
const SECRETS = Array.from({ length: 250 }, (_, i) => `s${i}`)
const INPUT: ProofReservationInput = { opId: 'op1', kind: 'melt', mint: MINT, secrets: SECRETS }
const CHANGE: StoredProof = { id: '00aa', amount: 2, secret: 'change', C: '02' }
// Short samples keep the path names readable; the machine passes on whatever it is given.
const RESULT: OperationResult = { spent: ['s0', 's249'], change: [CHANGE] }
/** The fake mint's word on each proof, by the secret it is asked about: every state in every batch. */
const STATES: readonly MintProofState[] = ['SPENT', 'UNSPENT', 'PENDING']
const mintStateOf = (secret: string): MintProofState =>
  STATES[Number(secret.slice(1)) % STATES.length] as MintProofState
/** What the mint answers about these secrets (NUT-07: one state per proof asked). */
const mintAnswer = (secrets: readonly string[]) =>
  Object.fromEntries(secrets.map((secret) => [secret, mintStateOf(secret)]))
// Errors as plain objects: samples are told apart by their JSON, where every Error is `{}`.
const REFUSED = { code: 11005, message: 'transaction is not balanced' }
const SPENT = { code: 11001, message: 'Token already spent.' }
const OFFLINE = { message: 'Network request failed' }
const RELEASE_BLOCKED = { message: 'release: storage blocked' }
const SETTLE_BLOCKED = { message: 'settle: storage blocked' }

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
  'xstate.error.actor.release': [failed('release', RELEASE_BLOCKED)],
  // The fake mint answers per proof asked (deliver below); this output is not what it sends.
  'xstate.done.actor.checkState': [done('checkState', {})],
  'xstate.error.actor.checkState': [failed('checkState', OFFLINE)],
  'xstate.done.actor.settle': [done('settle')],
  'xstate.error.actor.settle': [failed('settle', SETTLE_BLOCKED)],
  'reservation.retry': [{ type: 'reservation.retry' as const }],
}

const settleTick = () => vi.advanceTimersByTimeAsync(0)

const deliver = {
  ...settleByInvokeId<Fakes>(Object.keys(samples), settleTick),
  /** The mint answers about exactly the secrets it was asked about. */
  'xstate.done.actor.checkState': async (_event: unknown, { fakes }: { fakes: Fakes }) => {
    const request = fakes.recorder.pending('checkState')
    request.resolve(mintAnswer((request.input as { secrets: string[] }).secrets))
    await settleTick()
  },
}

/**
 * The model's snapshots are computed with the sample's output, not the mint's answers: the states
 * gathered are compared with the mint's answers by the harness instead.
 */
const serializeState = (snapshot: ReturnType<ProofReservationMachine['getInitialSnapshot']>) => {
  const { states: _gathered, ...context } = snapshot.context
  return JSON.stringify([snapshot.value, context])
}

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
      const { batch } = snapshot.context
      const { secrets } = fakes.recorder.pending('checkState').input as { secrets: string[] }
      // Batches of 100, in order: 0-99, 100-199, 200-249.
      expect(secrets).toEqual(SECRETS.slice(batch * 100, batch * 100 + 100))
      // Every earlier batch's answers are kept, not only the last one's.
      expect(snapshot.context.states).toEqual(mintAnswer(SECRETS.slice(0, batch * 100)))
    },
    settling: (snapshot, { fakes }) => {
      expect(fakes.recorder.pending('settle').input).toEqual({
        opId: 'op1',
        states: mintAnswer(SECRETS),
      })
      expect(snapshot.context.batch).toBe(3)
    },
    unresolved: (snapshot, { fakes }) => {
      expect(fakes.recorder.live()).toEqual([])
      // Unresolved only when the mint could not be asked or the settling write failed; never
      // after a refusal (a failed release included): the mint answered that one.
      expect([OFFLINE.message, SETTLE_BLOCKED.message]).toContain(snapshot.context.error)
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
    const model = createModel({
      machine: proofReservationMachine,
      input,
      samples,
      serializeState,
      // Spec: an unresolved operation asks the mint again every 30 s while the wallet is open.
      delays: { unresolvedRetry: 30_000 },
    })
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

  /**
   * Storage is the pure proof book in memory; the mint answers from `mintStates`. With
   * `failRelease`, the release's write fails (nothing is written).
   */
  function wallet(
    book: ProofBook,
    mintStates: Record<string, MintProofState>,
    failRelease = false,
  ) {
    const store = { book, asked: [] as string[][] }
    const machine = proofReservationMachine.provide({
      actors: {
        reserve: fromPromise(async ({ input }) => {
          store.book = reserve(store.book, input, 1)
        }),
        commit: fromPromise(async ({ input }) => {
          store.book = commit(store.book, input.opId, input.result.spent, input.result.change, 2)
        }),
        release: fromPromise(async ({ input }) => {
          if (failRelease) throw RELEASE_BLOCKED
          store.book = release(store.book, input.opId, 2)
        }),
        checkState: fromPromise(async ({ input }) => {
          store.asked.push(input.secrets)
          return Object.fromEntries(input.secrets.map((s) => [s, mintStates[s] ?? 'UNSPENT']))
        }),
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
    failRelease = false,
  ) {
    const { store, machine } = wallet(book, mintStates, failRelease)
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

  it("a refusal whose release cannot be written still ends failed with the mint's reason, not unresolved: the mint answered, and the journal left open is settled at the next start", async () => {
    const { store, output } = await run(() => Promise.reject(REFUSED), {}, {}, undefined, true)
    expect(output).toEqual({ outcome: 'failed', error: REFUSED.message })
    // Nothing was written: the proofs stay reserved under their journal entry.
    expect(proofsIn(store.book, 'reserved').map((p) => p.secret)).toEqual(spend)
    expect(store.book.journal.map((j) => j.opId)).toEqual(['pay'])
    // The next start settles it from the mint (it refused, so they are unspent).
    const next = await run(
      async () => ({ spent: [], change: [] }),
      {},
      { resume: true },
      store.book,
    )
    expect(next.output?.outcome).toBe('reconciled')
    expect(balance(next.store.book)).toBe(15)
    expect(next.store.book.journal).toEqual([])
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
  describe("250 proofs: checkstate in batches of 100, every batch's answers kept", () => {
    const many: StoredProof[] = Array.from({ length: 250 }, (_, i) => ({
      id: '00aa',
      amount: 1,
      secret: `m${i}`,
      C: '02',
    }))
    const secrets = many.map((p) => p.secret)
    /** Batch 1 (0-99): even SPENT, odd UNSPENT; batch 2: SPENT, every tenth PENDING; batch 3: UNSPENT but the last. */
    const mintState = (i: number): MintProofState => {
      if (i < 100) return i % 2 === 0 ? 'SPENT' : 'UNSPENT'
      if (i < 200) return i % 10 === 0 ? 'PENDING' : 'SPENT'
      return i === 249 ? 'SPENT' : 'UNSPENT'
    }
    const mintStates = Object.fromEntries(secrets.map((s, i) => [s, mintState(i)]))
    const LOCAL = { SPENT: 'deleted', UNSPENT: 'available', PENDING: 'reserved' } as const
    const expected = Object.fromEntries(secrets.map((s, i) => [s, LOCAL[mintState(i)]]))
    const localStates = (book: ProofBook) =>
      Object.fromEntries(book.entries.map((e) => [e.proof.secret, e.state]))
    const reserved = () =>
      reserve(
        addProofs(emptyBook(), MINT, many, 0),
        { opId: 'big', kind: 'swap', mint: MINT, secrets },
        1,
      )

    it("settles each proof by its own batch's answer: spent deleted, unspent returned, pending kept", async () => {
      const { store, output } = await run(
        async () => ({ spent: [], change: [] }),
        mintStates,
        { opId: 'big', kind: 'swap', secrets, resume: true },
        reserved(),
      )
      expect(output?.outcome).toBe('reconciled')
      expect(localStates(store.book)).toEqual(expected)
      // 50 + 10 + 49 unspent come back; the 10 pending keep the journal open.
      expect(balance(store.book)).toBe(50 + 0 + 49)
      expect(proofsIn(store.book, 'reserved')).toHaveLength(10)
      expect(store.book.journal.map((j) => j.opId)).toEqual(['big'])
    })

    it('after a checkstate failure on the third batch, a retry asks every batch again and settles every proof', async () => {
      const { store, machine } = wallet(reserved(), mintStates)
      let failures = 1
      const flaky = fromPromise<
        Record<string, MintProofState>,
        { mint: string; secrets: string[] }
      >(async ({ input }) => {
        store.asked.push(input.secrets)
        if (input.secrets[0] === 'm200' && failures-- > 0) throw OFFLINE
        return Object.fromEntries(input.secrets.map((s) => [s, mintStates[s] ?? 'UNSPENT']))
      })
      const actor = createActor(machine.provide({ actors: { checkState: flaky } }), {
        input: { opId: 'big', kind: 'swap', mint: MINT, secrets, resume: true },
      }).start()
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('unresolved'))
      expect(localStates(store.book), 'nothing settled while a batch is unknown').toEqual(
        localStates(reserved()),
      )
      actor.send({ type: 'reservation.retry' })
      await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'))
      expect(store.asked.map((batch) => batch[0])).toEqual([
        'm0',
        'm100',
        'm200',
        'm0',
        'm100',
        'm200',
      ])
      expect(store.asked.map((batch) => batch.length)).toEqual([100, 100, 50, 100, 100, 50])
      expect(actor.getSnapshot().output?.outcome).toBe('reconciled')
      expect(localStates(store.book)).toEqual(expected)
    })
  })
})
