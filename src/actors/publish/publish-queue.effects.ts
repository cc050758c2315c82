/**
 * The publish queue's effects and what runs beside its actor (machines/publish-queue.machine.ts),
 * which the composition root starts: the stored queue
 * (publish-queue-store.ts), the browser's online and offline events, the write relays connecting, and
 * the round that sends every queued event the way a publish does (to the write relays and the read
 * relays of the people it names, NIP-65; each relay on its own, every answer awaited), then takes
 * what a relay took, or the write relays refused for good, out of the store.
 *
 * A queued event is shown at once as the user's own (published-cache.ts), marked pending in the
 * query cache (core/publish/queued-mark.ts) until a relay takes it. Loaded when first needed: a
 * publish made offline, or the app's idle start-up (PwaPrompts), never on the first note's path.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { NostrEvent } from 'nostr-tools/pure'
import { fromPromise } from 'xstate'
import { REPOST_KIND } from '../../core/feed/nip18.ts'
import { ownActionKey } from '../../core/feed/own-actions.ts'
import { REACTION_KIND } from '../../core/feed/reaction.ts'
import {
  dropOf,
  type FlushReport,
  isQueueable,
  PUBLISH_QUEUE_TEXTS,
  type PublishQueueEntry,
  verdictOf,
} from '../../core/publish/publish-queue.ts'
import type { PublishRequest } from '../../core/publish/publish-request.ts'
import { queuedMarkKey } from '../../core/publish/queued-mark.ts'
import { type PublishResult, refusalReason } from '../../core/relays/publish-result.ts'
import { canWrite } from '../../core/relays/relay-permission.ts'
import type {
  FlushInput,
  PublishQueueActorRef,
  publishQueueMachine,
} from '../../machines/publish-queue.machine.ts'
import type { PoolEntry, RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import { noteKey } from '../feed/note-queries.ts'
import { browserOnline } from '../platform/online.ts'
import type { InboxRelays, RoutedRelay } from '../relays/inbox-relays.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import type { PublishQueueStore } from './publish-queue-store.ts'
import { rememberPublished } from './published-cache.ts'

/** The part of the app actor the publish queue reads: the relay pool, once it runs. */
export interface PoolSource {
  getSnapshot(): { children: { relays?: RelayPoolActorRef } }
  subscribe(listener: () => void): { unsubscribe(): void }
}

/** The part of `window` the publish queue listens to. */
export type NetworkEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>

export interface PublishQueueDeps {
  hub: Pick<RelayHub, 'publish'>
  app: PoolSource
  queryClient: QueryClient
  store?: PublishQueueStore
  /** The browser reports a network (navigator.onLine). */
  online?: () => boolean
  /** Where 'online' and 'offline' are announced (window). */
  network?: NetworkEvents
  now?: () => number
  /** The read relays of the people an event names (NIP-65 inbox); absent: write relays only. */
  inbox?: Pick<InboxRelays, 'targets'>
}

export interface PublishQueue {
  actor: PublishQueueActorRef
  /**
   * Stores the signed event in the queue and shows it as the user's own, marked pending. Resolves
   * once it is stored; rejects (nothing queued) for a replaceable event or a store that fails.
   */
  enqueue(event: NostrEvent): Promise<void>
  stop(): void
}

/** What a queued event was asked for, from the event itself (a like names its note). */
function requestOf(event: NostrEvent): PublishRequest {
  if (event.kind === REACTION_KIND) {
    const id = event.tags.findLast((tag) => tag[0] === 'e')?.[1] ?? ''
    const pubkey = event.tags.findLast((tag) => tag[0] === 'p')?.[1] ?? ''
    return { kind: 'reaction', target: { id, pubkey } }
  }
  return { kind: 'note', content: event.content }
}

/**
 * The relays a publish goes to: write and readwrite, as publish.effects.ts picks them. Not imported
 * from there: the publish queue loads at idle start-up, and should not bring the publishing code along.
 */
const writeRelays = (entries: readonly PoolEntry[]): string[] => [
  ...new Set(entries.filter((entry) => canWrite(entry.permission)).map((entry) => entry.url)),
]

/**
 * A like or a repost that no relay will take is no longer shown as done: its button can be used
 * again. (A dropped note stays where it shows until the next reload; the message names it.)
 */
function forgetDropped(queryClient: QueryClient, event: NostrEvent): void {
  const action =
    event.kind === REACTION_KIND ? 'reacted' : event.kind === REPOST_KIND ? 'reposted' : null
  const target = event.tags.findLast((tag) => tag[0] === 'e')?.[1]
  if (!action || !target) return
  const key = ownActionKey(action, event.pubkey, target)
  if (queryClient.getQueryData(key) === event.id) {
    queryClient.removeQueries({ queryKey: key, exact: true })
  }
}

/** Calls `onConnected` when one of the pool's write relays becomes connected. */
function watchWriteRelays(app: PoolSource, onConnected: () => void): () => void {
  let pool: RelayPoolActorRef | undefined
  let connected = new Set<string>()
  let poolSubscription: { unsubscribe(): void } | undefined
  const check = () => {
    const { entries, phase } = pool!.getSnapshot().context
    const now = new Set(writeRelays(entries).filter((url) => phase[url] === 'connected'))
    const newcomer = [...now].some((url) => !connected.has(url))
    connected = now
    if (newcomer) onConnected()
  }
  const attach = () => {
    const relays = app.getSnapshot().children.relays
    if (!relays || relays === pool) return
    poolSubscription?.unsubscribe()
    pool = relays
    connected = new Set()
    poolSubscription = relays.subscribe(check)
    check()
  }
  const appSubscription = app.subscribe(attach)
  attach()
  return () => {
    appSubscription.unsubscribe()
    poolSubscription?.unsubscribe()
  }
}

/** The deps with the store chosen (the root's, or a test's). */
export type PublishQueueRunDeps = Required<Pick<PublishQueueDeps, 'store'>> & PublishQueueDeps

export function publishQueueEffects(deps: PublishQueueRunDeps) {
  const { store, queryClient } = deps
  const poolEntries = () =>
    deps.app.getSnapshot().children.relays?.getSnapshot().context.entries ?? []

  /** The write relays, then the inbox relays of the people the event names (as a publish). */
  const targets = async (event: NostrEvent): Promise<RoutedRelay[]> => {
    const ours = writeRelays(poolEntries())
    const own = ours.map((url) => ({ url }))
    if (!deps.inbox) return own
    return deps.inbox.targets(event, ours, poolEntries()).catch(() => own)
  }

  /**
   * One event to each relay on its own. Sent once any relay took it; otherwise the write relays'
   * answers decide: an inbox relay out of reach does not keep an event they refused for good.
   */
  const send = async (event: NostrEvent) => {
    const routed = await targets(event)
    const results = await Promise.all(
      routed.map(({ url, reason }) =>
        deps.hub.publish(event, [url], reason ? { reason } : undefined).then(
          (answers): PublishResult => answers[0] ?? { relay: url, ok: true, message: '' },
          (error: unknown): PublishResult => ({
            relay: url,
            ok: false,
            message: refusalReason(error, url),
          }),
        ),
      ),
    )
    const own = results.filter((_, index) => routed[index]?.reason === undefined)
    const verdict = verdictOf(results) === 'sent' ? 'sent' : verdictOf(own)
    return { event, verdict, results }
  }

  return {
    actors: {
      load: fromPromise<PublishQueueEntry[]>(async () => {
        const entries = await store.read()
        // Shown again after a reload, and any mark left from an earlier queue cleared.
        const queued = new Set(entries.map((entry) => entry.event.id))
        for (const query of queryClient.getQueryCache().findAll({ queryKey: ['outbox'] })) {
          if (!queued.has(String(query.queryKey[1]))) queryClient.getQueryCache().remove(query)
        }
        for (const { event } of entries) {
          // A note page opened offline waits to ask the relays for it; they cannot have it yet,
          // and their empty answer once online would hide the note: that request is dropped.
          await queryClient.cancelQueries({ queryKey: noteKey(event.id), exact: true })
          rememberPublished(queryClient, { event, request: requestOf(event) })
          queryClient.setQueryData(queuedMarkKey(event.id), true)
        }
        return entries
      }),
      flush: fromPromise<FlushReport, FlushInput>(async ({ input: { entries } }) => {
        const outcomes = await Promise.all(entries.map(({ event }) => send(event)))
        const report: FlushReport = { sent: [], dropped: [], kept: [] }
        for (const { event, verdict, results } of outcomes) {
          if (verdict === 'sent') {
            report.sent.push(event.id)
            // Shown again: a view that asked the relays before this arrived got no answer.
            rememberPublished(queryClient, { event, request: requestOf(event) })
          } else if (verdict === 'dropped') {
            report.dropped.push(dropOf(event, results))
            forgetDropped(queryClient, event)
          } else report.kept.push(event.id)
        }
        const done = [...report.sent, ...report.dropped.map((drop) => drop.id)]
        await store.remove(done)
        for (const id of done) {
          queryClient.removeQueries({ queryKey: queuedMarkKey(id), exact: true })
        }
        return report
      }),
    },
  } satisfies Parameters<(typeof publishQueueMachine)['provide']>[0]
}

/**
 * The queue over its started actor: the network's changes and the write relays connecting sent to
 * it, and the events to queue stored and shown.
 */
export function runPublishQueue(
  actor: PublishQueueActorRef,
  deps: PublishQueueRunDeps,
): PublishQueue {
  const { store } = deps
  const online = deps.online ?? browserOnline
  const network = deps.network ?? window
  const now = deps.now ?? Date.now
  const changed = () => actor.send({ type: 'publishQueue.network', online: online() })
  network.addEventListener('online', changed)
  network.addEventListener('offline', changed)
  const stopWatching = watchWriteRelays(deps.app, () =>
    actor.send({ type: 'publishQueue.relayConnected' }),
  )

  return {
    actor,
    async enqueue(event) {
      if (!isQueueable(event)) throw new Error(PUBLISH_QUEUE_TEXTS.replaceableOffline)
      const entry = { event, queuedAt: now() }
      await store.add(entry)
      rememberPublished(deps.queryClient, { event, request: requestOf(event) }, now())
      deps.queryClient.setQueryData(queuedMarkKey(event.id), true)
      actor.send({ type: 'publishQueue.added', entry })
    },
    stop() {
      network.removeEventListener('online', changed)
      network.removeEventListener('offline', changed)
      stopWatching()
      actor.stop()
    },
  }
}
