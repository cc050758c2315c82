/**
 * The user's relay list (NIP-65, kind 10002), per user: which relays the pool holds for whoever
 * is logged in, kept on this device and published when the user changes it.
 *
 * - `starting` waits for the relay pool, which starts once the runtime config is in
 *   (`relayList.poolStarted` brings the config's default relays).
 * - `signedOut`: the defaults. Edits go to the pool only and last the session.
 * - `signedIn.list`: the stored copy first (`readStored`). Unless this browser session already
 *   asked the relays, `fetchRelayList` asks them (kind 10002, else relays named in notes) and the
 *   newer of the published list and the stored copy wins (core/stored-relays). Edits made while
 *   loading go to the pool at once and are replayed on the loaded list; `applying` then hands the
 *   list to the pool (`applyToPool`: the pool becomes the list plus the config's indexers).
 * - `signedIn.broadcast`: every change is stored at once (`storeList`) and published 3 s after the
 *   last edit (`broadcastDebounce`; each edit restarts the wait) as kind 10002 to the write
 *   relays (`publishRelayList`). Where nothing can sign (a public-key login, a locked key; spec
 *   §6: broadcast only when signing is possible) the broadcast is `held`, and goes out as soon
 *   as signing is possible: in this session when the key is unlocked, or in a later one (the
 *   stored copy remembers it is unpublished). A failed publish keeps the edits, stored and
 *   unpublished, and shows the hub's 'Publish failed: …'; the next edit or login tries again.
 * - `relayList.restoreDefaults` (Reset Preferences) makes the defaults the list: signed out, the
 *   pool gets them back; signed in and loaded, they are stored and published as an edit would be
 *   (while the list still loads, it is ignored: there is no list yet to replace).
 * - `relayList.signedOut` puts the defaults back (spec §4: sign-out clears the session relay
 *   defaults) and forgets that this session asked the relays.
 *
 * Every effect is a named actor or action supplied by src/actors/relays/relay-list.effects.ts with `provide`.
 * The context, events, effect parameters and pure functions over them live in relay-list.context.ts.
 */
import { type ActorRefFrom, assign, fromPromise, raise, type SnapshotFrom, setup } from 'xstate'
import { messageOf } from '../core/platform/error-message.ts'
import {
  applyRelayEdit,
  applyRelayEdits,
  type RelayEdit,
  sameRelays,
} from '../core/relays/relay-edits.ts'
import { chooseRelayList, type FetchedRelayList } from '../core/relays/stored-relays.ts'
import {
  type ApplyParams,
  applyDefaults,
  applyList,
  forgetSessionChecked,
  forwardEdit,
  markSessionChecked,
  type PubkeyInput,
  type Published,
  type PublishInput,
  queue,
  RELAY_LIST_BROADCAST_DEBOUNCE_MS,
  type RelayListContext,
  type RelayListEvent,
  required,
  type StoredCopy,
  type StoreParams,
  signedOutContext,
  storeCurrent,
} from './relay-list.context.ts'

const notProvided = (name: string) =>
  new Error(
    `relay-list.machine: '${name}' was not provided; use relayListMachine.provide({ actors, actions }) (src/actors/relays/relay-list.effects.ts)`,
  )

export const relayListMachine = setup({
  types: {
    context: {} as RelayListContext,
    events: {} as RelayListEvent,
    children: {} as {
      readStored: 'readStored'
      fetch: 'fetchRelayList'
      publish: 'publishRelayList'
    },
  },
  actors: {
    readStored: fromPromise<StoredCopy, PubkeyInput>(async () => {
      throw notProvided('readStored')
    }),
    fetchRelayList: fromPromise<FetchedRelayList | null, PubkeyInput>(async () => {
      throw notProvided('fetchRelayList')
    }),
    publishRelayList: fromPromise<Published, PublishInput>(async () => {
      throw notProvided('publishRelayList')
    }),
  },
  delays: { broadcastDebounce: RELAY_LIST_BROADCAST_DEBOUNCE_MS },
  guards: {
    canSign: ({ context }) => context.canSign,
    unpublished: ({ context }) => context.unpublished,
    hasStored: ({ context }) => context.stored !== null,
    checkedThisSession: (_, copy: StoredCopy) => copy.record !== null && copy.checked,
    fetchedIsNewer: ({ context }, fetched: FetchedRelayList | null) =>
      chooseRelayList(context.stored, fetched) === 'fetched',
    fetchedGuess: ({ context }, fetched: FetchedRelayList | null) =>
      chooseRelayList(context.stored, fetched) === 'guessed',
    queueChangesList: ({ context }) =>
      !sameRelays(applyRelayEdits(context.relays, context.queued), context.relays),
    differsFromDefaults: ({ context }) => !sameRelays(context.relays, context.defaults),
    editChangesList: ({ context, event }) =>
      event.type === 'relayList.edit' &&
      !sameRelays(applyRelayEdit(context.relays, event.edit), context.relays),
  },
  actions: {
    // Effects, supplied by src/actors/relays/relay-list.effects.ts.
    applyToPool: (_, _params: ApplyParams) => {
      throw notProvided('applyToPool')
    },
    sendToPool: (_, _params: RelayEdit) => {
      throw notProvided('sendToPool')
    },
    storeList: (_, _params: StoreParams) => {
      throw notProvided('storeList')
    },
    markChecked: (_, _params: PubkeyInput) => {
      throw notProvided('markChecked')
    },
    forgetChecked: (_, _params: PubkeyInput) => {
      throw notProvided('forgetChecked')
    },

    // Context.
    setDefaults: assign(({ event }) =>
      event.type === 'relayList.poolStarted' ? signedOutContext(event.defaults) : {},
    ),
    signIn: assign(({ context, event }) =>
      event.type === 'relayList.signedIn'
        ? { ...signedOutContext(context.defaults), pubkey: event.pubkey, canSign: event.canSign }
        : {},
    ),
    signOut: assign(({ context }) => signedOutContext(context.defaults)),
    setCanSign: assign({
      canSign: ({ context, event }) =>
        event.type === 'relayList.signingChanged' ? event.canSign : context.canSign,
    }),
    keepStored: assign((_, copy: StoredCopy) => ({ stored: copy.record })),
    takeStored: assign(({ context }) =>
      context.stored
        ? {
            relays: context.stored.relays,
            source: 'stored' as const,
            createdAt: context.stored.unpublished ? null : context.stored.createdAt,
            unpublished: context.stored.unpublished,
          }
        : {},
    ),
    takeFetched: assign((_, fetched: FetchedRelayList | null) => ({
      relays: fetched?.relays ?? [],
      source: 'relays' as const,
      createdAt: fetched?.createdAt ?? null,
      unpublished: false,
    })),
    takeGuess: assign((_, fetched: FetchedRelayList | null) => ({
      relays: fetched?.relays ?? [],
      source: 'notes' as const,
      createdAt: null,
      unpublished: false,
    })),
    queueEdit: assign({
      queued: ({ context, event }) =>
        event.type === 'relayList.edit' ? [...context.queued, event.edit] : context.queued,
    }),
    replayQueue: assign(({ context }) => ({
      relays: applyRelayEdits(context.relays, context.queued),
      queued: [],
      createdAt: null,
      unpublished: true,
    })),
    dropQueue: assign({ queued: [] }),
    applyEdit: assign(({ context, event }) =>
      event.type === 'relayList.edit'
        ? { relays: applyRelayEdit(context.relays, event.edit), createdAt: null, unpublished: true }
        : {},
    ),
    takeDefaults: assign(({ context }) => ({
      relays: context.defaults,
      createdAt: null,
      unpublished: true,
    })),
    announceChange: raise({ type: 'relayList.changed' }),
    clearError: assign({ error: null }),
    markPublished: assign((_, createdAt: number) => ({ createdAt, unpublished: false })),
    setError: assign((_, error: unknown) => ({ error: messageOf(error) })),
  },
}).createMachine({
  id: 'relayList',
  context: signedOutContext([]),
  initial: 'starting',
  states: {
    starting: {
      on: { 'relayList.poolStarted': { target: 'signedOut', actions: 'setDefaults' } },
    },
    signedOut: {
      on: {
        'relayList.signedIn': { target: 'signedIn', actions: 'signIn' },
        'relayList.edit': { actions: forwardEdit },
        'relayList.restoreDefaults': { actions: applyDefaults },
      },
    },
    signedIn: {
      type: 'parallel',
      on: {
        'relayList.signedOut': {
          target: 'signedOut',
          actions: [applyDefaults, forgetSessionChecked, 'signOut'],
        },
        'relayList.signingChanged': { actions: 'setCanSign' },
      },
      states: {
        list: {
          initial: 'stored',
          states: {
            stored: {
              on: { 'relayList.edit': queue },
              invoke: {
                id: 'readStored',
                src: 'readStored',
                input: ({ context }) => ({ pubkey: required(context.pubkey) }),
                onDone: [
                  {
                    guard: { type: 'checkedThisSession', params: ({ event }) => event.output },
                    target: 'applying',
                    actions: [
                      { type: 'keepStored', params: ({ event }) => event.output },
                      'takeStored',
                    ],
                  },
                  {
                    target: 'fetching',
                    actions: { type: 'keepStored', params: ({ event }) => event.output },
                  },
                ],
                // Unreadable storage: the relays still have the list.
                onError: 'fetching',
              },
            },
            fetching: {
              on: { 'relayList.edit': queue },
              invoke: {
                id: 'fetch',
                src: 'fetchRelayList',
                input: ({ context }) => ({ pubkey: required(context.pubkey) }),
                onDone: [
                  {
                    guard: { type: 'fetchedIsNewer', params: ({ event }) => event.output },
                    target: 'applying',
                    actions: [
                      { type: 'takeFetched', params: ({ event }) => event.output },
                      storeCurrent,
                      markSessionChecked,
                    ],
                  },
                  {
                    guard: 'hasStored',
                    target: 'applying',
                    actions: ['takeStored', markSessionChecked],
                  },
                  {
                    guard: { type: 'fetchedGuess', params: ({ event }) => event.output },
                    target: 'applying',
                    actions: [
                      { type: 'takeGuess', params: ({ event }) => event.output },
                      markSessionChecked,
                    ],
                  },
                  { target: 'applying', actions: markSessionChecked },
                ],
                onError: [
                  { guard: 'hasStored', target: 'applying', actions: 'takeStored' },
                  { target: 'applying' },
                ],
              },
            },
            applying: {
              always: [
                {
                  guard: 'queueChangesList',
                  target: 'ready',
                  actions: ['replayQueue', storeCurrent, applyList, 'announceChange'],
                },
                {
                  guard: 'unpublished',
                  target: 'ready',
                  actions: ['dropQueue', applyList, 'announceChange'],
                },
                { target: 'ready', actions: ['dropQueue', applyList] },
              ],
            },
            ready: {
              on: {
                'relayList.edit': [
                  {
                    guard: 'editChangesList',
                    actions: ['applyEdit', forwardEdit, storeCurrent, 'announceChange'],
                  },
                  { actions: forwardEdit },
                ],
                'relayList.restoreDefaults': [
                  {
                    guard: 'differsFromDefaults',
                    actions: ['takeDefaults', applyList, storeCurrent, 'announceChange'],
                  },
                  // The pool may hold more than the list (the dynamic manager's relays).
                  { actions: applyList },
                ],
              },
            },
          },
        },
        broadcast: {
          initial: 'idle',
          on: {
            // Without a signer the list waits for one.
            'relayList.changed': [{ guard: 'canSign', target: '.debouncing' }, { target: '.held' }],
          },
          states: {
            idle: {},
            debouncing: {
              entry: 'clearError',
              on: {
                // Each change restarts the wait. (Re-entering from the region itself would
                // re-enter the whole parallel state, list included.)
                'relayList.changed': [
                  { guard: 'canSign', target: 'debouncing', reenter: true },
                  { target: 'held' },
                ],
              },
              after: {
                broadcastDebounce: [{ guard: 'canSign', target: 'publishing' }, { target: 'held' }],
              },
            },
            publishing: {
              entry: 'clearError',
              invoke: {
                id: 'publish',
                src: 'publishRelayList',
                input: ({ context }) => ({
                  pubkey: required(context.pubkey),
                  relays: context.relays,
                }),
                onDone: {
                  target: 'published',
                  actions: [
                    { type: 'markPublished', params: ({ event }) => event.output.createdAt },
                    storeCurrent,
                  ],
                },
                onError: {
                  target: 'failed',
                  actions: {
                    type: 'setError',
                    params: ({ event }: { event: { error: unknown } }) => event.error,
                  },
                },
              },
            },
            published: {},
            // Stored, not published: goes out once the key is available.
            held: { always: { guard: 'canSign', target: 'publishing' } },
            failed: {},
          },
        },
      },
    },
  },
})

export type RelayListMachine = typeof relayListMachine
export type RelayListSnapshot = SnapshotFrom<RelayListMachine>
export type RelayListActorRef = ActorRefFrom<RelayListMachine>
