/**
 * A deposit (minting ecash from a Lightning payment; spec §4 deposit, §8, §9): a bolt11 mint
 * quote is made (or one made before a reload is resumed), then the mint is asked whether it is
 * paid, first after 2500 ms and 500 ms later at each check ('rate limit' adds 5000 ms instead);
 * a NUT-17 subscription, where the mint offers one, says so at once. Once paid the proofs are
 * minted (retried 3 times, 1500 ms × the retry apart), saved with their transaction event, and
 * the quote event deleted. 'already issued' ends it: the proofs were minted before.
 */
import {
  type ActorRefFrom,
  assign,
  fromCallback,
  fromPromise,
  type SnapshotFrom,
  setup,
} from 'xstate'
import { CASHU } from '../core/ecash/cashu-constants.ts'
import { depositErrorKind, errorText } from '../core/ecash/cashu-errors.ts'
import type { StoredProof } from '../core/ecash/cashu-proof-book.ts'

export interface DepositQuote {
  quote: string
  /** The bolt11 invoice to pay. */
  request: string
  amount: number
  /** Unix seconds, or null when the mint set none. */
  expiry: number | null
}

export interface DepositInput {
  mint: string
  amount: number
  /** A quote made before a reload: poll it instead of asking for a new one. */
  quote?: DepositQuote
}

export type DepositOutcome = 'minted' | 'issued' | 'failed' | 'cancelled'
export type QuoteState = 'UNPAID' | 'PAID' | 'ISSUED'

export interface DepositContext {
  mint: string
  amount: number
  quote: DepositQuote | null
  /** Milliseconds until the next check. */
  interval: number
  /** Retries of minting so far. */
  retries: number
  proofs: StoredProof[]
  outcome: DepositOutcome | null
  error: string | null
}

export type DepositEvent =
  | { type: 'deposit.paid' }
  | { type: 'deposit.cancel' }
  | { type: 'deposit.retry' }

const notProvided = (name: string) => () => {
  throw new Error(`${name} not provided`)
}

type QuoteRef = { mint: string; quote: DepositQuote }
const errorOf = (event: unknown) => (event as { error?: unknown }).error
const kindOf = (event: unknown) => depositErrorKind(errorOf(event))
const quoteRef = ({ context }: { context: DepositContext }): QuoteRef => ({
  mint: context.mint,
  quote: context.quote as DepositQuote,
})

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    input: {} as DepositInput,
    events: {} as DepositEvent,
    output: {} as { outcome: DepositOutcome | null; proofs: StoredProof[]; error: string | null },
  },
  actors: {
    createQuote: fromPromise<DepositQuote, { mint: string; amount: number }>(
      notProvided('createQuote'),
    ),
    /** NUT-17: sends `deposit.paid` when the mint reports the quote paid (nothing without it). */
    watchQuote: fromCallback<DepositEvent, QuoteRef>(notProvided('watchQuote')),
    checkQuote: fromPromise<QuoteState, QuoteRef>(notProvided('checkQuote')),
    mintProofs: fromPromise<StoredProof[], QuoteRef>(notProvided('mintProofs')),
    /** Stores the proofs and publishes the transaction event. */
    saveProofs: fromPromise<void, QuoteRef & { proofs: StoredProof[] }>(notProvided('saveProofs')),
    /** Deletes the NIP-60 quote event. */
    deleteQuote: fromPromise<void, QuoteRef>(notProvided('deleteQuote')),
  },
  delays: {
    pollInterval: ({ context }) => context.interval,
    mintRetryDelay: ({ context }) => CASHU.minting.delayStepMs * context.retries,
  },
  guards: {
    hasQuote: ({ context }) => context.quote !== null,
    paid: ({ event }) => (event as { output?: QuoteState }).output === 'PAID',
    issued: ({ event }) => (event as { output?: QuoteState }).output === 'ISSUED',
    issuedError: ({ event }) => kindOf(event) === 'issued',
    rateLimited: ({ event }) => kindOf(event) === 'rate-limit',
    notPaidError: ({ event }) => kindOf(event) === 'not-paid',
    canRetry: ({ context }) => context.retries < CASHU.minting.retries,
  },
  actions: {
    keepQuote: assign({
      quote: ({ event }) => (event as { output?: DepositQuote }).output ?? null,
    }),
    slowDown: assign({ interval: ({ context }) => context.interval + CASHU.deposit.growthMs }),
    backOff: assign({
      interval: ({ context }) => context.interval + CASHU.deposit.rateLimitPenaltyMs,
    }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    keepProofs: assign({
      proofs: ({ event }) => (event as { output?: StoredProof[] }).output ?? [],
    }),
    keepError: assign({ error: ({ event }) => errorText(errorOf(event)) }),
    outcome: assign((_, params: { outcome: DepositOutcome }) => ({ outcome: params.outcome })),
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    mint: input.mint,
    amount: input.amount,
    quote: input.quote ?? null,
    interval: CASHU.deposit.firstIntervalMs,
    retries: 0,
    proofs: [],
    outcome: null,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasQuote', target: 'awaitingPayment' }, { target: 'quoting' }],
    },
    quoting: {
      invoke: {
        id: 'createQuote',
        src: 'createQuote',
        input: ({ context }) => ({ mint: context.mint, amount: context.amount }),
        onDone: { target: 'awaitingPayment', actions: 'keepQuote' },
        onError: { target: 'failed', actions: 'keepError' },
      },
      on: { 'deposit.cancel': 'cancelled' },
    },
    /** Until paid the user may give up; once minting starts the deposit runs to its end. */
    awaitingPayment: {
      invoke: { id: 'watchQuote', src: 'watchQuote', input: quoteRef },
      on: { 'deposit.paid': 'minting', 'deposit.cancel': 'cancelled' },
      initial: 'idle',
      states: {
        idle: { after: { pollInterval: 'checking' } },
        checking: {
          invoke: {
            id: 'checkQuote',
            src: 'checkQuote',
            input: quoteRef,
            onDone: [
              { guard: 'paid', target: '#deposit.minting' },
              { guard: 'issued', target: '#deposit.finishing' },
              { target: 'idle', actions: 'slowDown' },
            ],
            onError: [
              { guard: 'issuedError', target: '#deposit.finishing' },
              { guard: 'rateLimited', target: 'idle', actions: 'backOff' },
              { target: 'idle', actions: 'slowDown' },
            ],
          },
        },
      },
    },
    minting: {
      invoke: {
        id: 'mintProofs',
        src: 'mintProofs',
        input: quoteRef,
        onDone: { target: 'saving', actions: 'keepProofs' },
        onError: [
          { guard: 'issuedError', target: 'finishing' },
          { guard: 'notPaidError', target: 'awaitingPayment' },
          { guard: 'canRetry', target: 'retrying', actions: ['countRetry', 'keepError'] },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    retrying: { after: { mintRetryDelay: 'minting' } },
    saving: {
      invoke: {
        id: 'saveProofs',
        src: 'saveProofs',
        input: ({ context }) => ({ ...quoteRef({ context }), proofs: context.proofs }),
        onDone: {
          target: 'deletingQuote',
          actions: { type: 'outcome', params: { outcome: 'minted' } },
        },
        onError: { target: 'unsaved', actions: 'keepError' },
      },
    },
    /** Minted but not stored: the proofs are held here until saving works. */
    unsaved: {
      on: { 'deposit.retry': 'saving' },
    },
    /** The mint issued this quote's proofs before (another device, or before a reload). */
    finishing: {
      entry: { type: 'outcome', params: { outcome: 'issued' } },
      always: 'deletingQuote',
    },
    deletingQuote: {
      invoke: {
        id: 'deleteQuote',
        src: 'deleteQuote',
        input: quoteRef,
        // A leftover quote event is harmless: checked again, it reports 'already issued'.
        onDone: 'done',
        onError: 'done',
      },
    },
    done: { type: 'final' },
    failed: { type: 'final', entry: { type: 'outcome', params: { outcome: 'failed' } } },
    cancelled: { type: 'final', entry: { type: 'outcome', params: { outcome: 'cancelled' } } },
  },
  output: ({ context }) => ({
    outcome: context.outcome,
    proofs: context.proofs,
    error: context.error,
  }),
})

export type DepositMachine = typeof depositMachine
export type DepositActorRef = ActorRefFrom<DepositMachine>
export type DepositSnapshot = SnapshotFrom<DepositMachine>
