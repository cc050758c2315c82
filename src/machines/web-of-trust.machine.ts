/**
 * The user's web of trust (core/people/web-of-trust.ts): the people they follow and the people
 * those follow, gathered from the follows' kind 3 lists (NIP-02) while someone is logged in and
 * the setting is on.
 *
 * - `off`: nobody logged in, or the setting off: nothing is folded (`trusted` null).
 * - `waiting`: on, but the user's own follows are not known yet: nothing is folded, since any
 *   set now would fold the people they follow. Nothing is folded either while they follow nobody.
 * - `loading`: the follows' lists are asked (`fetchLists`, in batches); each batch that arrives
 *   (`trust.lists`) joins the set at once, the follows alone counting before any.
 * - `ready`: every batch answered (`trust.fetched`; a relay that failed leaves what arrived).
 *
 * `trust.watched` reports who is logged in, the setting and the user's follows whenever one
 * changes; other follows ask again. The fetch is a named actor supplied by
 * src/actors/people/web-of-trust.effects.ts with `provide`; unprovided it asks nothing.
 */
import { type ActorRefFrom, assign, fromCallback, type SnapshotFrom, setup } from 'xstate'
import { sameFollows, trustedSet } from '../core/people/web-of-trust.ts'

export interface WebOfTrustContext {
  user: string | null
  /** The user's follows (kind 3); null until their list is known. */
  follows: readonly string[] | null
  /** Each follow's own follows, as their lists arrived. */
  lists: ReadonlyMap<string, readonly string[]>
  /** Who is trusted; null folds nothing (off, or the user's follows not known). */
  trusted: ReadonlySet<string> | null
}

export type WebOfTrustEvent =
  | {
      type: 'trust.watched'
      user: string | null
      /** The setting (Settings → Filters). */
      on: boolean
      follows: readonly string[] | null
    }
  /** A batch of the follows' lists: author, then the people they follow. */
  | { type: 'trust.lists'; lists: ReadonlyArray<readonly [string, readonly string[]]> }
  /** Every batch answered or failed. */
  | { type: 'trust.fetched' }

export interface FetchListsInput {
  follows: readonly string[]
}

type Watched = Extract<WebOfTrustEvent, { type: 'trust.watched' }>
const watched = (event: WebOfTrustEvent): Watched | null =>
  event.type === 'trust.watched' ? event : null

const active = (event: WebOfTrustEvent) => {
  const seen = watched(event)
  return seen?.on === true && seen.user !== null
}

/**
 * Ours: a user who follows nobody has no network to go by; folding everyone would hide every
 * reply and notification a new user gets, so nothing is folded until they follow someone.
 */
const trustedOf = (context: WebOfTrustContext): ReadonlySet<string> | null =>
  context.user !== null && context.follows !== null && context.follows.length > 0
    ? trustedSet(context.user, context.follows, context.lists.values())
    : null

const OFF: WebOfTrustContext = { user: null, follows: null, lists: new Map(), trusted: null }

/**
 * A report while the follows are known: off, back to waiting for another user's follows, nothing
 * for the same follows, else ask again (`reenter` restarts an ask under way).
 */
const watchedWhileOn = (reenter: boolean) =>
  [
    { guard: 'inactive', target: 'off', actions: 'clear' },
    { guard: 'followsUnknown', target: 'waiting', actions: 'hold' },
    { guard: 'unchanged' },
    { target: 'loading', reenter, actions: 'hold' },
  ] as const

export const webOfTrustMachine = setup({
  types: {
    context: {} as WebOfTrustContext,
    events: {} as WebOfTrustEvent,
    children: {} as { fetch: 'fetchLists' },
  },
  actors: {
    /** Asks the follows' kind 3 lists, sending `trust.lists` per batch, then `trust.fetched`. */
    fetchLists: fromCallback<WebOfTrustEvent, FetchListsInput>(() => {}),
  },
  actions: {
    clear: assign(() => OFF),
    /** The user and follows reported; the lists already here kept while the user is the same. */
    hold: assign(({ context, event }) => {
      const seen = watched(event)
      if (!seen) return context
      const follows = new Set(seen.follows)
      const lists =
        seen.user === context.user
          ? new Map([...context.lists].filter(([author]) => follows.has(author)))
          : new Map<string, readonly string[]>()
      const next = { user: seen.user, follows: seen.follows, lists, trusted: null }
      return { ...next, trusted: trustedOf(next) }
    }),
    addLists: assign(({ context, event }) => {
      if (event.type !== 'trust.lists' || context.follows === null) return context
      const lists = new Map(context.lists)
      const follows = new Set(context.follows)
      for (const [author, theirs] of event.lists) if (follows.has(author)) lists.set(author, theirs)
      const next = { ...context, lists }
      return { ...next, trusted: trustedOf(next) }
    }),
  },
  guards: {
    inactive: ({ event }) => !active(event),
    activeKnown: ({ event }) => active(event) && watched(event)?.follows != null,
    active: ({ event }) => active(event),
    /** Same user, same follows: what is asked or held still stands. */
    unchanged: ({ context, event }) => {
      const seen = watched(event)
      return (
        seen !== null && seen.user === context.user && sameFollows(seen.follows, context.follows)
      )
    },
    followsUnknown: ({ event }) => watched(event)?.follows === null,
  },
}).createMachine({
  id: 'webOfTrust',
  context: OFF,
  initial: 'off',
  states: {
    off: {
      on: {
        'trust.watched': [
          { guard: 'activeKnown', target: 'loading', actions: 'hold' },
          { guard: 'active', target: 'waiting', actions: 'hold' },
        ],
      },
    },
    waiting: {
      on: {
        'trust.watched': [
          { guard: 'inactive', target: 'off', actions: 'clear' },
          { guard: 'activeKnown', target: 'loading', actions: 'hold' },
          { actions: 'hold' },
        ],
      },
    },
    loading: {
      invoke: {
        id: 'fetch',
        src: 'fetchLists',
        input: ({ context }) => ({ follows: context.follows ?? [] }),
      },
      on: {
        'trust.lists': { actions: 'addLists' },
        'trust.fetched': { target: 'ready' },
        'trust.watched': watchedWhileOn(true),
      },
    },
    ready: {
      on: {
        'trust.watched': watchedWhileOn(false),
      },
    },
  },
})

export type WebOfTrustMachine = typeof webOfTrustMachine
export type WebOfTrustActorRef = ActorRefFrom<typeof webOfTrustMachine>
export type WebOfTrustSnapshot = SnapshotFrom<typeof webOfTrustMachine>

/**
 * Whether what folds is settled: off, or every list answered. Until then a count (the unread
 * notifications) would count people the set is about to fold, or miss ones it is about to let in.
 */
export const trustKnown = (snapshot: WebOfTrustSnapshot): boolean =>
  snapshot.matches('off') || snapshot.matches('ready')
