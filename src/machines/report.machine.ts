/**
 * Reporting a note or a person (NIP-56): asked, a reason chosen, published. One report at a time.
 *
 * - `idle`: nothing asked. `report.requested` is checked first (core/people/report
 *   `reportProblem`: a ready client, relays, a user who can sign and is not the one reported); a
 *   refused request rests in `rejected` with its message.
 * - `choosing`: the user picks the NIP's reason, may write a comment, and sends it
 *   (`report.confirmed`) or cancels (`report.cancelled`).
 * - `publishing`: the kind 1984 signed and sent to the user's write relays (`publishReport`);
 *   accepted by one relay is success.
 * - `done`: sent; each relay's answer so far is kept.
 * - `failed`: no relay accepted, or signing failed: 'Report not sent' kept with why.
 *   `report.confirmed` tries again.
 *
 * Every effect is a named actor supplied by src/actors/people/report.effects.ts with `provide`.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import {
  REPORT_MESSAGES,
  type ReportRequest,
  type ReportTarget,
  type ReportType,
  reportProblem,
} from '../core/people/report.ts'
import { messageOf } from '../core/platform/error-message.ts'
import type { PublishResult } from '../core/relays/publish-result.ts'

export interface ReportContext {
  /** The note or person asked about, or the last one. */
  target: ReportTarget | null
  /** The user reporting. */
  user: string | null
  /** Where the report goes. */
  relays: readonly string[]
  /** The reason chosen (NIP-56 report type), once chosen. */
  reportType: ReportType | null
  /** The comment given, '' for none. */
  comment: string
  /** Why the last request was refused or failed. */
  error: string | null
  /** What lies behind a failure: each relay's answer, or the signer's message. */
  detail: string | null
  /** Each relay's answer to the published report, once a relay accepted it. */
  results: PublishResult[]
}

export type ReportEvent =
  | { type: 'report.requested'; request: ReportRequest }
  /** Report (or, after a failure, Try again), with the reason chosen and the comment typed. */
  | { type: 'report.confirmed'; reportType?: ReportType; comment?: string }
  /** The dialog closed without reporting, or after it ended. */
  | { type: 'report.cancelled' }

export interface PublishReportInput {
  target: ReportTarget
  user: string
  relays: readonly string[]
  reportType: ReportType
  comment: string
}
export interface PublishedReport {
  event: NostrEvent
  results: PublishResult[]
}

const notProvided = (name: string) =>
  new Error(
    `report.machine: '${name}' was not provided; use reportMachine.provide({ actors }) (src/actors/people/report.effects.ts)`,
  )

const initialContext: ReportContext = {
  target: null,
  user: null,
  relays: [],
  reportType: null,
  comment: '',
  error: null,
  detail: null,
  results: [],
}

type Confirmed = Extract<ReportEvent, { type: 'report.confirmed' }>

/** A new request, from any resting state: refused with its message, or choosing. */
const request = [
  {
    guard: {
      type: 'refused',
      params: ({ event }: { event: { request: ReportRequest } }) => event.request,
    },
    target: '#report.rejected',
    actions: {
      type: 'refuse',
      params: ({ event }: { event: { request: ReportRequest } }) => event.request,
    },
  },
  {
    target: '#report.choosing',
    actions: {
      type: 'begin',
      params: ({ event }: { event: { request: ReportRequest } }) => event.request,
    },
  },
] as const

export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    children: {} as { publish: 'publishReport' },
  },
  actors: {
    publishReport: fromPromise<PublishedReport, PublishReportInput>(async () => {
      throw notProvided('publishReport')
    }),
  },
  guards: {
    refused: (_, request: ReportRequest) => reportProblem(request) !== null,
    /** A reason is known: chosen now or before (a retry). */
    chosen: ({ context }, event: Confirmed) => (event.reportType ?? context.reportType) !== null,
  },
  actions: {
    refuse: assign((_, request: ReportRequest) => ({
      ...initialContext,
      target: request.target,
      user: request.user,
      relays: request.relays,
      error: reportProblem(request),
    })),
    begin: assign((_, request: ReportRequest) => ({
      ...initialContext,
      target: request.target,
      user: request.user,
      relays: request.relays,
    })),
    keepChoice: assign(({ context }, event: Confirmed) => ({
      reportType: event.reportType ?? context.reportType,
      comment: (event.comment ?? context.comment).trim(),
    })),
    succeed: assign((_, published: PublishedReport) => ({
      results: published.results,
      error: null,
      detail: null,
    })),
    fail: assign((_, error: unknown) => ({
      error: REPORT_MESSAGES.failed,
      detail: messageOf(error),
      results: [],
    })),
    clear: assign({ error: null, detail: null }),
  },
}).createMachine({
  id: 'report',
  context: initialContext,
  initial: 'idle',
  states: {
    idle: {
      on: { 'report.requested': request },
    },
    rejected: {
      on: {
        'report.requested': request,
        'report.cancelled': { target: 'idle', actions: 'clear' },
      },
    },
    choosing: {
      on: {
        'report.confirmed': {
          guard: { type: 'chosen', params: ({ event }) => event },
          target: 'publishing',
          actions: { type: 'keepChoice', params: ({ event }) => event },
        },
        'report.cancelled': 'idle',
        'report.requested': request,
      },
    },
    publishing: {
      entry: 'clear',
      invoke: {
        id: 'publish',
        src: 'publishReport',
        input: ({ context }) => ({
          // Checked by `refused` and `chosen` before: all of them are there.
          target: context.target ?? { pubkey: '' },
          user: context.user ?? '',
          relays: context.relays,
          reportType: context.reportType ?? 'other',
          comment: context.comment,
        }),
        onDone: {
          target: 'done',
          actions: { type: 'succeed', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'fail',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    done: {
      on: {
        'report.requested': request,
        'report.cancelled': 'idle',
      },
    },
    failed: {
      on: {
        // Try again, with the reason and comment given then or new ones.
        'report.confirmed': {
          target: 'publishing',
          actions: { type: 'keepChoice', params: ({ event }) => event },
        },
        'report.requested': request,
        'report.cancelled': { target: 'idle', actions: 'clear' },
      },
    },
  },
})

export type ReportMachine = typeof reportMachine
export type ReportSnapshot = SnapshotFrom<ReportMachine>
export type ReportActorRef = ActorRefFrom<ReportMachine>
