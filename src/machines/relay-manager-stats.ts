/**
 * The dynamic relay manager's statistics, as the Auxiliary Relays modal shows them: its verdict on
 * each active relay, the relays it added and demoted (and why), the candidates it would add next
 * and the blacklist. Pure readings of the manager's context, so the view only lays them out.
 */
import type { RelayHealth } from '../core/relays/relay-health.ts'
import {
  type DemoteReason,
  EVALUATE_INTERVAL_MS,
  FAILURE_THRESHOLD,
  MAX_RELAYS,
  MIN_HEALTHY,
  RESPONSE_THRESHOLD_MS,
  type RelayManagerContext,
  type Verdict,
  verdict,
} from './relay-manager.machine.ts'

export const VERDICTS: readonly Verdict[] = ['reliable', 'unhealthy', 'slow', 'unproven', 'forged']

/** Why a relay was demoted, in words. */
export const DEMOTE_REASON_TEXT: Record<DemoteReason, string> = {
  forged: 'sent forged events',
  unhealthy: `${FAILURE_THRESHOLD} failures in a row`,
  slow: `slower than ${RESPONSE_THRESHOLD_MS / 1000} s on average`,
}

/** One relay's live figures from its health record, and the manager's verdict on them. */
export interface RelayFigures {
  url: string
  verdict: Verdict
  /** Mean response time in whole milliseconds; null before the first answer. */
  averageMs: number | null
  /** Share of requests answered, in whole percent; null before the first request. */
  successPercent: number | null
  requests: number
  /** Events dropped because their id or signature did not hold. */
  rejected: number
}

export function relayFigures(
  url: string,
  health: RelayHealth | undefined,
  rejected = 0,
): RelayFigures {
  return {
    url,
    verdict: verdict(health, rejected),
    averageMs: health && health.successCount > 0 ? Math.round(health.averageResponseTime) : null,
    successPercent:
      health && health.totalRequests > 0
        ? Math.round((health.successCount / health.totalRequests) * 100)
        : null,
    requests: health?.totalRequests ?? 0,
    rejected,
  }
}

export interface ManagerSummary {
  active: number
  maxRelays: number
  /** Active relays per verdict. */
  counts: Record<Verdict, number>
  minHealthy: number
  /** Mean of the active relays' average response times, over those that answered at all. */
  averageMs: number | null
  evaluateEverySeconds: number
  autoAdd: boolean
  autoRemove: boolean
}

/** A relay the manager added this session; `active` false once it left the pool again. */
export interface AddedRelay extends RelayFigures {
  active: boolean
}

export interface DemotedRelay extends RelayFigures {
  reason: DemoteReason
  because: string
  /** Back in the pool: the user added it again. */
  active: boolean
}

export interface Candidate {
  url: string
  source: 'recommended' | 'fallback'
}

export interface BlacklistedRelay {
  url: string
  /** The user chose it: it stays while reliable, so its verdict matters. */
  verdict: Verdict | null
}

export interface ManagerStats {
  summary: ManagerSummary
  added: AddedRelay[]
  demoted: DemotedRelay[]
  candidates: Candidate[]
  blacklist: BlacklistedRelay[]
}

const unique = (urls: readonly string[]): string[] => [...new Set(urls)]

export function managerStats(context: RelayManagerContext): ManagerStats {
  const figures = (url: string) => relayFigures(url, context.health[url], context.rejected[url])
  const active = new Set(context.active)
  const judged = context.active.map(figures)

  const counts = Object.fromEntries(VERDICTS.map((name) => [name, 0])) as Record<Verdict, number>
  for (const relay of judged) counts[relay.verdict]++
  const answered = judged.flatMap((relay) =>
    relay.averageMs === null ? [] : [context.health[relay.url]?.averageResponseTime ?? 0],
  )
  const averageMs =
    answered.length > 0
      ? Math.round(answered.reduce((sum, ms) => sum + ms, 0) / answered.length)
      : null

  const demoted = new Set(context.demoted)
  const blacklisted = new Set(context.blacklist)
  const recommended = new Set(context.recommended)
  // The manager's own order of preference: recommended first, then fallback.
  const candidates = unique([...context.recommended, ...context.fallback])
    .filter((url) => !active.has(url) && !blacklisted.has(url) && !demoted.has(url))
    .map((url): Candidate => ({ url, source: recommended.has(url) ? 'recommended' : 'fallback' }))

  return {
    summary: {
      active: active.size,
      maxRelays: MAX_RELAYS,
      counts,
      minHealthy: MIN_HEALTHY,
      averageMs,
      evaluateEverySeconds: EVALUATE_INTERVAL_MS / 1000,
      autoAdd: context.autoAdd,
      autoRemove: context.autoRemove,
    },
    added: unique(context.added).map((url) => ({ ...figures(url), active: active.has(url) })),
    demoted: unique(context.demoted).map((url) => {
      const reason = context.demotedFor[url] ?? 'unhealthy'
      return {
        ...figures(url),
        reason,
        because: DEMOTE_REASON_TEXT[reason],
        active: active.has(url),
      }
    }),
    candidates,
    blacklist: unique(context.blacklist).map((url) => ({
      url,
      verdict: active.has(url) ? figures(url).verdict : null,
    })),
  }
}
