/**
 * The dynamic relay manager: every 30 s it judges the active relay set by the pool's health
 * records and emits its decisions; the app turns them into `pool.add` / `pool.remove`.
 *
 * Pure: health arrives as `manager.health`, the pool's actual set as `manager.activeSet`;
 * decisions leave as emitted events (`actor.on('manager.add' | 'manager.remove', ...)`), so the
 * machine runs and is tested without a pool.
 *
 * Verdicts, from one health record and the relay's count of rejected (forged) events:
 * - forged: it sent an event whose id or signature did not hold. Forgery is not bad luck: such a
 *   relay is demoted even when no other relay is reliable;
 * - unhealthy: FAILURE_THRESHOLD (3) consecutive failures;
 * - slow: at least SUCCESS_THRESHOLD (2) answers, averaging over RESPONSE_THRESHOLD_MS (5 s);
 * - reliable: SUCCESS_THRESHOLD answers, neither unhealthy nor slow;
 * - unproven: anything else (no record yet, too few answers).
 *
 * Decisions, each evaluation:
 * - Demote (auto remove) forged relays always; an unhealthy relay only when another answered
 *   while it was failing (between the first and the last failure of its run): otherwise the
 *   network is the likelier culprit, as when a phone loses it for a while, and a relay not asked
 *   meanwhile (an indexer that answered at start) proves nothing. A slow relay only while some
 *   relay is reliable.
 * - The blacklist (9 relays) is a list of relays never added automatically, even when recommended.
 *   Being on it is no reason for removal: a blacklisted relay the user chose stays while it is
 *   reliable and is demoted like any other when it is not ("not removed if reliable").
 * - While fewer than MIN_HEALTHY (5) relays are reliable, add (auto add) recommended relays, then
 *   fallback relays: never a blacklisted one, one already active, or one demoted this session;
 *   never beyond MAX_RELAYS (15) active. A relay the manager added counts toward MIN_HEALTHY for
 *   one interval while it proves itself, so each interval adds only what is still missing.
 */
import { type ActorRefFrom, assign, enqueueActions, setup } from 'xstate'
import type { RelayHealth } from '../core/relays/relay-health.ts'
import type { RelayPermission } from '../core/relays/relay-permission.ts'

// Spec constants (dynamic relay manager defaults).
export const MAX_RELAYS = 15
export const MIN_HEALTHY = 5
export const FAILURE_THRESHOLD = 3
export const SUCCESS_THRESHOLD = 2
export const EVALUATE_INTERVAL_MS = 30_000
export const RESPONSE_THRESHOLD_MS = 5000
export const AUTO_REMOVE = true
export const AUTO_ADD = true
/** Relays the manager adds are general relays: readwrite (spec §6). */
export const ADDED_PERMISSION: RelayPermission = 'readwrite'

export interface RelayManagerInput {
  recommended: string[]
  fallback: string[]
  blacklist: string[]
  /** The pool's relays when the manager starts. */
  active: string[]
  autoRemove?: boolean
  autoAdd?: boolean
}

export interface RelayManagerContext {
  recommended: string[]
  fallback: string[]
  blacklist: string[]
  active: string[]
  health: Record<string, RelayHealth>
  /** Events dropped per relay because their id or signature did not hold (the pool counts). */
  rejected: Record<string, number>
  /** Relays this manager removed: not added back automatically. */
  demoted: string[]
  /** Why each demoted relay was removed. */
  demotedFor: Record<string, DemoteReason>
  /** Every relay this manager added this session, in order. */
  added: string[]
  /** Relays added at the last evaluation, given one interval to prove themselves. */
  trial: string[]
  autoRemove: boolean
  autoAdd: boolean
}

export type RelayManagerEvent =
  | {
      type: 'manager.health'
      health: Record<string, RelayHealth>
      rejected?: Record<string, number>
    }
  | { type: 'manager.activeSet'; urls: string[] }
  | { type: 'manager.evaluate' }

export type DemoteReason = 'forged' | 'unhealthy' | 'slow'

export type RelayManagerEmitted =
  | { type: 'manager.add'; url: string; permission: RelayPermission }
  | { type: 'manager.remove'; url: string; reason: DemoteReason }

export type Verdict = 'reliable' | 'forged' | 'unhealthy' | 'slow' | 'unproven'

export function verdict(health: RelayHealth | undefined, rejected = 0): Verdict {
  if (rejected > 0) return 'forged'
  if (!health) return 'unproven'
  if (health.consecutiveFailures >= FAILURE_THRESHOLD) return 'unhealthy'
  if (health.successCount < SUCCESS_THRESHOLD) return 'unproven'
  if (health.averageResponseTime > RESPONSE_THRESHOLD_MS) return 'slow'
  return 'reliable'
}

/** Whether another relay answered between the first and the last failure of this one's run. */
function othersAnswered(health: Record<string, RelayHealth>, url: string): boolean {
  const { failingSince, lastFailure } = health[url] ?? {}
  if (failingSince == null || lastFailure == null) return false
  return Object.values(health).some(
    (other) =>
      other.url !== url &&
      other.lastSuccess !== null &&
      other.lastSuccess >= failingSince &&
      other.lastSuccess <= lastFailure,
  )
}

export interface Plan {
  remove: Array<{ url: string; reason: DemoteReason }>
  add: string[]
}

/** One evaluation's decisions, from the context alone. */
export function planEvaluation(context: RelayManagerContext): Plan {
  const judge = (url: string) => verdict(context.health[url], context.rejected[url])
  const judged = context.active.map((url) => ({ url, verdict: judge(url) }))
  const reliable = judged.filter((relay) => relay.verdict === 'reliable').length
  const demoted = (url: string, verdict: Verdict): verdict is DemoteReason =>
    verdict === 'forged' ||
    (verdict === 'unhealthy' && othersAnswered(context.health, url)) ||
    (verdict === 'slow' && reliable > 0)
  const remove = context.autoRemove
    ? judged.flatMap(({ url, verdict }) =>
        demoted(url, verdict) ? [{ url, reason: verdict }] : [],
      )
    : []
  const removed = new Set(remove.map((relay) => relay.url))
  const remaining = context.active.filter((url) => !removed.has(url))
  const onTrial = context.trial.filter(
    (url) => remaining.includes(url) && judge(url) === 'unproven',
  ).length
  const wanted = Math.min(MIN_HEALTHY - reliable - onTrial, MAX_RELAYS - remaining.length)
  const candidates = [...context.recommended, ...context.fallback].filter(
    (url, i, all) =>
      all.indexOf(url) === i &&
      !context.blacklist.includes(url) &&
      !remaining.includes(url) &&
      !removed.has(url) &&
      !context.demoted.includes(url),
  )
  const add = context.autoAdd && wanted > 0 ? candidates.slice(0, wanted) : []
  return { remove, add }
}

export const relayManagerMachine = setup({
  types: {
    context: {} as RelayManagerContext,
    input: {} as RelayManagerInput,
    events: {} as RelayManagerEvent,
    emitted: {} as RelayManagerEmitted,
  },
  delays: {
    evaluateInterval: EVALUATE_INTERVAL_MS,
  },
  actions: {
    storeHealth: assign(({ context, event }) =>
      event.type === 'manager.health'
        ? { health: event.health, rejected: event.rejected ?? context.rejected }
        : {},
    ),
    storeActiveSet: assign({
      active: ({ context, event }) =>
        event.type === 'manager.activeSet' ? [...new Set(event.urls)] : context.active,
    }),
    evaluate: enqueueActions(({ context, enqueue }) => {
      const { remove, add } = planEvaluation(context)
      for (const { url, reason } of remove) enqueue.emit({ type: 'manager.remove', url, reason })
      for (const url of add) {
        enqueue.emit({ type: 'manager.add', url, permission: ADDED_PERMISSION })
      }
      const removed = remove.map((relay) => relay.url)
      enqueue.assign({
        active: [...context.active.filter((url) => !removed.includes(url)), ...add],
        demoted: [...context.demoted, ...removed.filter((url) => !context.demoted.includes(url))],
        demotedFor: {
          ...context.demotedFor,
          ...Object.fromEntries(remove.map(({ url, reason }) => [url, reason])),
        },
        added: [...context.added, ...add],
        trial: add,
      })
    }),
  },
}).createMachine({
  id: 'relayManager',
  context: ({ input }) => ({
    recommended: input.recommended,
    fallback: input.fallback,
    blacklist: input.blacklist,
    active: [...new Set(input.active)],
    health: {},
    rejected: {},
    demoted: [],
    demotedFor: {},
    added: [],
    trial: [],
    autoRemove: input.autoRemove ?? AUTO_REMOVE,
    autoAdd: input.autoAdd ?? AUTO_ADD,
  }),
  initial: 'watching',
  states: {
    watching: {
      on: {
        'manager.health': { actions: 'storeHealth' },
        'manager.activeSet': { actions: 'storeActiveSet' },
        'manager.evaluate': { actions: 'evaluate' },
      },
      after: {
        evaluateInterval: { target: 'watching', reenter: true, actions: 'evaluate' },
      },
    },
  },
})

export type RelayManagerMachine = typeof relayManagerMachine
export type RelayManagerActorRef = ActorRefFrom<typeof relayManagerMachine>
