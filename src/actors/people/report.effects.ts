/**
 * The report machine's effects: the kind 1984 (NIP-56) signed by the user's signer and sent to
 * each of the user's write relays on its own (every relay's answer is known; one acceptance is
 * success), as a deletion is. The composition root holds the one actor, started on first use
 * (a note's Report or a profile's, never the feed's).
 */
import { fromPromise } from 'xstate'
import {
  REPORT_MESSAGES,
  type ReportRequest,
  type ReportTarget,
  type ReportType,
  reportTemplate,
} from '../../core/people/report.ts'
import { canWrite } from '../../core/relays/relay-permission.ts'
import type { PoolEntry } from '../../machines/relay-pool.machine.ts'
import type {
  PublishedReport,
  PublishReportInput,
  ReportActorRef,
} from '../../machines/report.machine.ts'
import { browserOnline } from '../platform/online.ts'
import type { Signer } from '../platform/signer.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { SIGNER_MISMATCH } from '../relays/relay-list.effects.ts'
import { publishEach } from './own-events.ts'

export interface ReportEffectsDeps {
  hub: Pick<RelayHub, 'publish'>
  /** The signer of whoever is logged in now. */
  signer(): Signer
  /** Seconds clock for created_at. */
  now?: () => number
  /** The browser reports a network (navigator.onLine). */
  online?: () => boolean
}

export function reportEffects({ hub, signer, now, online }: ReportEffectsDeps) {
  const seconds = now ?? (() => Math.floor(Date.now() / 1000))
  const isOnline = online ?? browserOnline
  return {
    actors: {
      publishReport: fromPromise<PublishedReport, PublishReportInput>(async ({ input }) => {
        // Not queued offline: the dialog stays, and the user can try again once online.
        if (!isOnline()) throw new Error(REPORT_MESSAGES.offline)
        const event = await signer().signEvent(
          reportTemplate(input.target, input.reportType, input.comment, seconds()),
        )
        // A signer for another account (an extension switched meanwhile) must not speak for this one.
        if (event.pubkey !== input.user) throw new Error(SIGNER_MISMATCH)
        const results = await publishEach(hub, event, input.relays)
        return { event, results }
      }),
    },
  }
}

/** What the report dialog uses: the actor and the ways to ask it. */
export interface Reporting {
  actor: ReportActorRef
  /** Asks to report this note or person, as the machine checks it (who can sign now, the relays). */
  request(target: ReportTarget): void
  /** Report, or try again, with the reason chosen and the comment typed ('' for none). */
  confirm(reportType: ReportType | null, comment: string): void
  cancel(): void
}

export interface ReportRequestDeps {
  /** Who is logged in and can sign, or null. */
  user(): string | null
  /** The relay pool's entries, once it runs. */
  pool(): readonly PoolEntry[] | undefined
}

/** The request as the machine checks it: the report goes to the user's write relays. */
export function reportRequest(
  { user, pool }: ReportRequestDeps,
  target: ReportTarget,
): ReportRequest {
  const entries = pool()
  return {
    target,
    user: user(),
    ready: entries !== undefined,
    relays: (entries ?? []).filter((entry) => canWrite(entry.permission)).map((entry) => entry.url),
  }
}
