/**
 * App update (lightning-and-ecash spec §2, §4, §9): an update is available when a waiting service
 * worker exists. The update check runs every 30 minutes (`updateCheckInterval`). In standalone
 * mode the Update Available prompt offers Later and Update Now; Update Now posts SKIP_WAITING to
 * the waiting worker ('Updating' while in progress) and, once the new worker controls the page,
 * reloads (after `reloadDelay`: 300 ms on iOS, at once elsewhere). Later hides the prompt until the
 * next check interval or a newer waiting worker.
 *
 * Effects come from src/actors/app/app-update.effects.ts: `checkForUpdate` (registration.update()),
 * `skipWaiting` (the message) and `reload`. The worker's own events arrive as `update.waiting`
 * and `update.controlling`.
 */
import { type ActorRefFrom, fromPromise, type SnapshotFrom, setup } from 'xstate'
import {
  ACTIVATION_TIMEOUT_MS,
  IOS_RELOAD_DELAY_MS,
  UPDATE_CHECK_INTERVAL_MS,
} from '../core/app/app-update.ts'

export interface AppUpdateInput {
  /** Running as an installed app (display-mode standalone): only then is the prompt shown. */
  standalone: boolean
  ios: boolean
}

export type AppUpdateContext = AppUpdateInput

export type AppUpdateEvent =
  /** A new worker is installed and waiting. */
  | { type: 'update.waiting' }
  /** The user chose Later. */
  | { type: 'update.later' }
  /** The user chose Update Now. */
  | { type: 'update.accept' }
  /** A new worker took control of the page (controllerchange). */
  | { type: 'update.controlling' }

const notProvided = (name: string) => () => {
  throw new Error(`${name} not provided`)
}

export const appUpdateMachine = setup({
  types: {
    context: {} as AppUpdateContext,
    input: {} as AppUpdateInput,
    events: {} as AppUpdateEvent,
  },
  actors: {
    checkForUpdate: fromPromise<void>(notProvided('checkForUpdate')),
  },
  actions: {
    skipWaiting: notProvided('skipWaiting'),
    reload: notProvided('reload'),
  },
  delays: {
    updateCheckInterval: UPDATE_CHECK_INTERVAL_MS,
    activationTimeout: ACTIVATION_TIMEOUT_MS,
    reloadDelay: ({ context }) => (context.ios ? IOS_RELOAD_DELAY_MS : 0),
  },
}).createMachine({
  id: 'appUpdate',
  context: ({ input }) => ({ standalone: input.standalone, ios: input.ios }),
  initial: 'current',
  states: {
    /** No update known: check again every interval. */
    current: {
      after: { updateCheckInterval: 'checking' },
      on: { 'update.waiting': 'available' },
    },
    checking: {
      invoke: {
        id: 'check',
        src: 'checkForUpdate',
        // A failed check (offline, server down) waits for the next interval.
        onDone: 'current',
        onError: 'current',
      },
      on: { 'update.waiting': 'available' },
    },
    available: {
      on: {
        'update.later': 'postponed',
        'update.accept': 'updating',
      },
    },
    /** Later: the worker still waits; it is offered again after an interval or when a newer one waits. */
    postponed: {
      after: { updateCheckInterval: 'available' },
      on: { 'update.waiting': 'available' },
    },
    updating: {
      entry: 'skipWaiting',
      after: { activationTimeout: 'reloading' },
      on: { 'update.controlling': 'reloading' },
    },
    reloading: {
      after: { reloadDelay: 'reloaded' },
    },
    reloaded: {
      type: 'final',
      entry: 'reload',
    },
  },
})

export type AppUpdateMachine = typeof appUpdateMachine
export type AppUpdateActorRef = ActorRefFrom<AppUpdateMachine>
export type AppUpdateSnapshot = SnapshotFrom<AppUpdateMachine>

/** What the Update prompt shows: nothing, the offer, or the update in progress (standalone only). */
export function updatePromptOf(snapshot: AppUpdateSnapshot): 'available' | 'updating' | null {
  if (!snapshot.context.standalone) return null
  if (snapshot.matches('available')) return 'available'
  if (snapshot.matches('updating') || snapshot.matches('reloading') || snapshot.matches('reloaded'))
    return 'updating'
  return null
}
