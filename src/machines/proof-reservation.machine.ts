/**
 * One operation that spends proofs (a send, a melt, a swap; spec §4, local proof states): the
 * proofs are reserved and journaled, the operation runs, then on success the spent inputs are
 * deleted and the change added; on a refusal that proves nothing was spent (operationFailure's
 * table of NUT codes) they return to available. Any other failure (network failure, timeout,
 * 'already spent', pending, an unknown code) or a reload that left the journal entry
 * open, the proofs' states are asked of the mint in batches of 100 and the reservation settled
 * from them: nothing is lost and nothing counted twice. Storage and mint calls are provided.
 */
import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { CASHU } from '../core/ecash/cashu-constants.ts'
import { errorText, operationFailure } from '../core/ecash/cashu-errors.ts'
import {
  inBatches,
  type MintProofState,
  type OperationKind,
  type StoredProof,
} from '../core/ecash/cashu-proof-book.ts'

export interface ProofReservationInput {
  opId: string
  kind: OperationKind
  mint: string
  /** Secrets of the proofs the operation spends. */
  secrets: string[]
  /** Resume an operation a reload interrupted: reconcile with the mint, run nothing. */
  resume?: boolean
}

export interface OperationResult {
  /** Secrets of the inputs the mint spent. */
  spent: string[]
  change: StoredProof[]
}

export type ReservationOutcome = 'succeeded' | 'failed' | 'reconciled'

export interface ProofReservationContext extends Omit<ProofReservationInput, 'resume'> {
  resume: boolean
  result: OperationResult | null
  /** Next checkstate batch (index into the batches of `secrets`). */
  batch: number
  /** States the mint reported so far, by secret. */
  states: Record<string, MintProofState>
  error: string | null
  outcome: ReservationOutcome | null
}

const notProvided = (name: string) => () => {
  throw new Error(`${name} not provided`)
}

type Op = { opId: string; kind: OperationKind; mint: string; secrets: string[] }

const batchesOf = (context: ProofReservationContext) =>
  inBatches(context.secrets, CASHU.checkstateBatch)

export const proofReservationMachine = setup({
  types: {
    context: {} as ProofReservationContext,
    input: {} as ProofReservationInput,
    events: {} as { type: 'reservation.retry' },
    output: {} as { outcome: ReservationOutcome | null; error: string | null },
  },
  actors: {
    /** Marks the proofs reserved and writes the journal entry, in one storage transaction. */
    reserve: fromPromise<void, Op>(notProvided('reserve')),
    /** The payment, send or swap itself, with the reserved proofs. */
    operation: fromPromise<OperationResult, Op>(notProvided('operation')),
    /** Deletes the spent inputs, returns the others, adds the change, closes the journal. */
    commit: fromPromise<void, { opId: string; result: OperationResult }>(notProvided('commit')),
    /** Returns the reserved proofs to available and closes the journal. */
    release: fromPromise<void, { opId: string }>(notProvided('release')),
    /** NUT-07 checkstate for one batch of secrets. */
    checkState: fromPromise<Record<string, MintProofState>, { mint: string; secrets: string[] }>(
      notProvided('checkState'),
    ),
    /** Settles the reservation from the mint's states (see core settle). */
    settle: fromPromise<void, { opId: string; states: Record<string, MintProofState> }>(
      notProvided('settle'),
    ),
  },
  delays: { unresolvedRetry: CASHU.unresolvedRetryMs },
  guards: {
    resuming: ({ context }) => context.resume,
    refused: ({ event }) => operationFailure((event as { error?: unknown }).error) === 'refused',
    moreBatches: ({ context }) => context.batch < batchesOf(context).length,
  },
  actions: {
    keepError: assign({ error: ({ event }) => errorText((event as { error?: unknown }).error) }),
    keepResult: assign({
      result: ({ event }) => (event as { output?: OperationResult }).output ?? null,
    }),
    keepStates: assign(({ context, event }) => ({
      states: {
        ...context.states,
        ...(event as { output?: Record<string, MintProofState> }).output,
      },
      batch: context.batch + 1,
    })),
    restartCheck: assign({ batch: 0, states: {} }),
    outcome: assign((_, params: { outcome: ReservationOutcome }) => ({ outcome: params.outcome })),
  },
}).createMachine({
  id: 'proofReservation',
  context: ({ input }) => ({
    opId: input.opId,
    kind: input.kind,
    mint: input.mint,
    secrets: input.secrets,
    resume: input.resume ?? false,
    result: null,
    batch: 0,
    states: {},
    error: null,
    outcome: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'resuming', target: 'reconciling' }, { target: 'reserving' }],
    },
    reserving: {
      invoke: {
        id: 'reserve',
        src: 'reserve',
        input: ({ context: { opId, kind, mint, secrets } }) => ({ opId, kind, mint, secrets }),
        onDone: 'running',
        // Nothing was reserved: the proofs stay as they were.
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    running: {
      invoke: {
        id: 'operation',
        src: 'operation',
        input: ({ context: { opId, kind, mint, secrets } }) => ({ opId, kind, mint, secrets }),
        onDone: { target: 'committing', actions: 'keepResult' },
        onError: [
          { guard: 'refused', target: 'releasing', actions: 'keepError' },
          { target: 'reconciling', actions: 'keepError' },
        ],
      },
    },
    committing: {
      invoke: {
        id: 'commit',
        src: 'commit',
        input: ({ context }) => ({ opId: context.opId, result: context.result as OperationResult }),
        onDone: 'succeeded',
        // The journal stays open: the next start reconciles from the mint.
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    releasing: {
      invoke: {
        id: 'release',
        src: 'release',
        input: ({ context }) => ({ opId: context.opId }),
        onDone: 'failed',
        onError: 'failed',
      },
    },
    reconciling: {
      invoke: {
        id: 'checkState',
        src: 'checkState',
        input: ({ context }) => ({
          mint: context.mint,
          secrets: batchesOf(context)[context.batch] ?? [],
        }),
        onDone: { target: 'nextBatch', actions: 'keepStates' },
        onError: { target: 'unresolved', actions: 'keepError' },
      },
    },
    nextBatch: {
      always: [{ guard: 'moreBatches', target: 'reconciling' }, { target: 'settling' }],
    },
    settling: {
      invoke: {
        id: 'settle',
        src: 'settle',
        input: ({ context }) => ({ opId: context.opId, states: context.states }),
        onDone: 'reconciled',
        onError: { target: 'unresolved', actions: 'keepError' },
      },
    },
    /**
     * The mint could not be asked: the proofs stay reserved, and the mint is asked again after a
     * while, or at once when told to (the key unlocked, the wallet opened again).
     */
    unresolved: {
      after: { unresolvedRetry: { target: 'reconciling', actions: 'restartCheck' } },
      on: { 'reservation.retry': { target: 'reconciling', actions: 'restartCheck' } },
    },
    succeeded: {
      type: 'final',
      entry: { type: 'outcome', params: { outcome: 'succeeded' } },
    },
    failed: { type: 'final', entry: { type: 'outcome', params: { outcome: 'failed' } } },
    reconciled: {
      type: 'final',
      entry: { type: 'outcome', params: { outcome: 'reconciled' } },
    },
  },
  output: ({ context }) => ({ outcome: context.outcome, error: context.error }),
})

export type ProofReservationMachine = typeof proofReservationMachine
export type ProofReservationActorRef = ActorRefFrom<ProofReservationMachine>
export type ProofReservationSnapshot = SnapshotFrom<ProofReservationMachine>
