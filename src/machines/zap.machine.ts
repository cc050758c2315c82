/**
 * One zap (NIP-57; lightning-and-ecash §7-§9): the recipient's LNURL pay parameters are resolved
 * (8 s), the amount and comment checked against them, the kind 9734 request signed, the invoice
 * fetched from the callback (10 s) and checked, then paid through the connected wallet (25 s) or
 * shown for any wallet to pay. A failed or timed-out fetch is retried once through the user's CORS
 * proxy, only when the user set one (spec decisions). Every failure before the invoice returns to
 * the form with the spec's message, keeping the amount and comment.
 */
import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import {
  type LnurlPayParams,
  type LnurlPayTarget,
  lnurlPayTarget,
  MSAT_PER_SAT,
  zapAmountProblem,
} from '../core/lightning/lnurl-pay.ts'
import {
  descriptionHashOf,
  invoiceProblem,
  ZAP_ERRORS,
  type ZapRequestTemplate,
  zapCallbackUrl,
  zapRequestTemplate,
} from '../core/lightning/zap-request.ts'
import { messageOf } from '../core/platform/error-message.ts'

/** §9: LNURL parameters 8 s, invoice 10 s, payment 25 s. */
export const LNURL_PARAMS_TIMEOUT_MS = 8_000
export const LNURL_INVOICE_TIMEOUT_MS = 10_000
export const ZAP_PAYMENT_TIMEOUT_MS = 25_000

export interface ZapInput {
  recipientPubkey: string
  /** The note zapped; null zaps the person. */
  eventId: string | null
  /** The recipient's profile fields. */
  lightning: { lud16?: string; lud06?: string }
  /** Where the recipient's service publishes the receipt. */
  relays: readonly string[]
  /** Whether the user set a CORS proxy (retries go through it only then). */
  proxy: boolean
  walletConnected: boolean
}

/** The signed zap request: the event as JSON (what the invoice commits to) and its id. */
export interface SignedZapRequest {
  id: string
  json: string
}

export interface ZapContext extends Omit<ZapInput, 'lightning'> {
  target: LnurlPayTarget | null
  /** Why the recipient cannot be zapped (no or malformed lightning fields). */
  targetError: string | null
  amountSats: number
  comment: string
  params: LnurlPayParams | null
  /** The current fetch goes through the proxy. */
  viaProxy: boolean
  request: SignedZapRequest | null
  invoice: string | null
  preimage: string | null
  error: string | null
}

export type ZapEvent =
  | { type: 'zap.submit'; amountSats: number; comment: string }
  | { type: 'zap.wallet'; connected: boolean }
  /** Pay the shown invoice with the wallet connected since. */
  | { type: 'zap.pay' }
  /** A receipt for this zap's request arrived: someone paid the invoice. */
  | { type: 'zap.receipt'; requestId: string }

export interface FetchInput {
  url: string
  viaProxy: boolean
}

const notProvided = (name: string) => () => {
  throw new Error(`${name} not provided`)
}

/** A done event's output (named actions see the machine's event union, not the done event). */
const outputOf = <T>(event: { type: string }): T => (event as unknown as { output: T }).output

const errorOf = (event: { type: string }): string =>
  messageOf('error' in event ? event.error : undefined)

function targetOf(lightning: ZapInput['lightning']) {
  try {
    return { target: lnurlPayTarget(lightning), targetError: null }
  } catch (problem) {
    return { target: null, targetError: messageOf(problem) }
  }
}

const paramsProblem = (context: ZapContext, params: LnurlPayParams): string | null =>
  zapAmountProblem(params, context.amountSats, context.comment)

export const zapMachine = setup({
  types: {
    context: {} as ZapContext,
    input: {} as ZapInput,
    events: {} as ZapEvent,
  },
  actors: {
    /** GET the pay parameters; rejects with ZAP_ERRORS.resolve on network or HTTP failure. */
    resolveParams: fromPromise<LnurlPayParams, FetchInput>(notProvided('resolveParams')),
    signRequest: fromPromise<SignedZapRequest, ZapRequestTemplate>(notProvided('signRequest')),
    /** GET the callback; rejects with ZAP_ERRORS.invoice on network or HTTP failure. */
    fetchInvoice: fromPromise<string, FetchInput>(notProvided('fetchInvoice')),
    payInvoice: fromPromise<{ preimage: string }, { invoice: string }>(notProvided('payInvoice')),
  },
  delays: {
    paramsTimeout: LNURL_PARAMS_TIMEOUT_MS,
    invoiceTimeout: LNURL_INVOICE_TIMEOUT_MS,
    paymentTimeout: ZAP_PAYMENT_TIMEOUT_MS,
  },
  guards: {
    noTarget: ({ context }) => context.target === null,
    paramsRefused: ({ context, event }) =>
      paramsProblem(context, outputOf<LnurlPayParams>(event)) !== null,
    canUseProxy: ({ context }) => context.proxy && !context.viaProxy,
    /** A network or HTTP failure (not a refusal by the service) may be retried by proxy. */
    resolveFailedCanRetry: ({ context, event }) =>
      context.proxy && !context.viaProxy && errorOf(event) === ZAP_ERRORS.resolve,
    invoiceFailedCanRetry: ({ context, event }) =>
      context.proxy && !context.viaProxy && errorOf(event) === ZAP_ERRORS.invoice,
    invoiceRefused: ({ context, event }) =>
      context.request === null ||
      invoiceProblem(outputOf<string>(event), {
        amountMsat: context.amountSats * MSAT_PER_SAT,
        descriptionHash: descriptionHashOf(context.request.json),
      }) !== null,
    walletConnected: ({ context }) => context.walletConnected,
    isOurReceipt: ({ context, event }) =>
      event.type === 'zap.receipt' && event.requestId === context.request?.id,
  },
  actions: {
    refuseTarget: assign({ error: ({ context }) => context.targetError }),
    takeForm: assign(({ event }) =>
      event.type === 'zap.submit'
        ? { amountSats: event.amountSats, comment: event.comment, error: null, viaProxy: false }
        : {},
    ),
    useProxy: assign({ viaProxy: true }),
    direct: assign({ viaProxy: false }),
    refuseParams: assign(({ context, event }) => {
      const params = outputOf<LnurlPayParams>(event)
      return { params, error: paramsProblem(context, params) }
    }),
    keepParams: assign({ params: ({ event }) => outputOf<LnurlPayParams>(event) }),
    failWith: assign({ error: ({ event }) => errorOf(event) }),
    resolveTimedOut: assign({ error: ZAP_ERRORS.resolveTimeout }),
    signFailed: assign({
      error: ({ event }) =>
        errorOf(event) === ZAP_ERRORS.keyLocked ? ZAP_ERRORS.keyLocked : ZAP_ERRORS.sign,
    }),
    keepRequest: assign({
      request: ({ event }) => outputOf<SignedZapRequest>(event),
    }),
    invoiceTimedOut: assign({ error: ZAP_ERRORS.invoiceTimeout }),
    refuseInvoice: assign({
      error: ({ context, event }) =>
        invoiceProblem(outputOf<string>(event), {
          amountMsat: context.amountSats * MSAT_PER_SAT,
          descriptionHash: context.request ? descriptionHashOf(context.request.json) : '',
        }) ?? ZAP_ERRORS.invoice,
    }),
    keepInvoice: assign({ invoice: ({ event }) => outputOf<string>(event) }),
    clearError: assign({ error: null }),
    paymentTimedOut: assign({ error: ZAP_ERRORS.paymentTimeout }),
    paymentFailed: assign({ error: ({ event }) => errorOf(event) || ZAP_ERRORS.send }),
    keepPreimage: assign({
      preimage: ({ event }) => outputOf<{ preimage: string }>(event).preimage,
    }),
    noteWallet: assign({
      walletConnected: ({ context, event }) =>
        event.type === 'zap.wallet' ? event.connected : context.walletConnected,
    }),
  },
}).createMachine({
  id: 'zap',
  context: ({ input }) => ({
    recipientPubkey: input.recipientPubkey,
    eventId: input.eventId,
    relays: input.relays,
    proxy: input.proxy,
    walletConnected: input.walletConnected,
    ...targetOf(input.lightning),
    amountSats: 0,
    comment: '',
    params: null,
    viaProxy: false,
    request: null,
    invoice: null,
    preimage: null,
    error: null,
  }),
  on: { 'zap.wallet': { actions: 'noteWallet' } },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'zap.submit': [
          { guard: 'noTarget', actions: 'refuseTarget' },
          { target: 'resolving', actions: 'takeForm' },
        ],
      },
    },
    resolving: {
      invoke: {
        id: 'params',
        src: 'resolveParams',
        input: ({ context }) => ({ url: context.target?.url ?? '', viaProxy: context.viaProxy }),
        onDone: [
          { guard: 'paramsRefused', target: 'editing', actions: 'refuseParams' },
          { target: 'signing', actions: 'keepParams' },
        ],
        onError: [
          {
            guard: 'resolveFailedCanRetry',
            target: 'resolving',
            reenter: true,
            actions: 'useProxy',
          },
          { target: 'editing', actions: 'failWith' },
        ],
      },
      after: {
        paramsTimeout: [
          { guard: 'canUseProxy', target: 'resolving', reenter: true, actions: 'useProxy' },
          { target: 'editing', actions: 'resolveTimedOut' },
        ],
      },
    },
    signing: {
      invoke: {
        id: 'sign',
        src: 'signRequest',
        input: ({ context }) =>
          zapRequestTemplate(
            {
              recipientPubkey: context.recipientPubkey,
              amountSats: context.amountSats,
              comment: context.comment,
              eventId: context.eventId,
            },
            { lnurl: context.target?.lnurl ?? '', relays: context.relays },
          ),
        onDone: { target: 'fetchingInvoice', actions: ['keepRequest', 'direct'] },
        onError: { target: 'editing', actions: 'signFailed' },
      },
    },
    fetchingInvoice: {
      invoke: {
        id: 'invoice',
        src: 'fetchInvoice',
        input: ({ context }) => ({
          url: zapCallbackUrl(
            context.params?.callback ?? '',
            {
              json: context.request?.json ?? '',
              amountMsat: context.amountSats * MSAT_PER_SAT,
              lnurl: context.target?.lnurl ?? '',
              comment: context.comment,
            },
            context.params?.commentAllowed ?? 0,
          ),
          viaProxy: context.viaProxy,
        }),
        onDone: [
          { guard: 'invoiceRefused', target: 'editing', actions: 'refuseInvoice' },
          { guard: 'walletConnected', target: 'paying', actions: 'keepInvoice' },
          { target: 'invoice', actions: 'keepInvoice' },
        ],
        onError: [
          {
            guard: 'invoiceFailedCanRetry',
            target: 'fetchingInvoice',
            reenter: true,
            actions: 'useProxy',
          },
          { target: 'editing', actions: 'failWith' },
        ],
      },
      after: {
        invoiceTimeout: [
          { guard: 'canUseProxy', target: 'fetchingInvoice', reenter: true, actions: 'useProxy' },
          { target: 'editing', actions: 'invoiceTimedOut' },
        ],
      },
    },
    paying: {
      entry: 'clearError',
      invoke: {
        id: 'pay',
        src: 'payInvoice',
        input: ({ context }) => ({ invoice: context.invoice ?? '' }),
        onDone: { target: 'paid', actions: 'keepPreimage' },
        // The invoice stays: it can be paid another way (it can be paid once only).
        onError: { target: 'invoice', actions: 'paymentFailed' },
      },
      after: { paymentTimeout: { target: 'invoice', actions: 'paymentTimedOut' } },
    },
    invoice: {
      on: {
        'zap.pay': { guard: 'walletConnected', target: 'paying' },
        'zap.receipt': { guard: 'isOurReceipt', target: 'paid', actions: 'clearError' },
      },
    },
    paid: { type: 'final' },
  },
})

export type ZapMachine = typeof zapMachine
export type ZapActorRef = ActorRefFrom<ZapMachine>
export type ZapSnapshot = SnapshotFrom<ZapMachine>
