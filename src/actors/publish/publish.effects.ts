/**
 * The publish machine's effects: building the event after the spec's checks (a ready client, the
 * user's write relays, a valid target), signing it with the current signer, sending it to each
 * write relay and to the read relays of the people it names (NIP-65 inbox, inbox-relays.ts),
 * reporting every answer, and putting what a relay accepted into the caches.
 *
 * Proof of work goes between building and signing: pass `prepare` (a promise actor from the
 * unsigned event to the mined one); without it the event is signed as built.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { EventTemplate, NostrEvent } from 'nostr-tools/pure'
import { fromCallback, fromPromise, type PromiseActorLogic } from 'xstate'
import { committedTarget } from '../../core/publish/nip13.ts'
import {
  isQueueable,
  mustQueue,
  noneAnswered,
  queuedFate,
} from '../../core/publish/publish-queue.ts'
import {
  type PublishRequest,
  requestTarget,
  requestTemplate,
} from '../../core/publish/publish-request.ts'
import { bareRepostTemplate } from '../../core/publish/queued-repost.ts'
import { assertPublishable } from '../../core/relays/publish-checks.ts'
import { type PublishResult, refusalReason } from '../../core/relays/publish-result.ts'
import { canRead, canWrite } from '../../core/relays/relay-permission.ts'
import { normalizeRelayUrl } from '../../core/relays/relay-url.ts'
import type {
  AcceptedParams,
  BuildInput,
  PublishEvent,
  publishMachine,
  SendInput,
  TemplateInput,
} from '../../machines/publish.machine.ts'
import type { PoolEntry, RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import { browserOnline } from '../platform/online.ts'
import type { Signer } from '../platform/signer.ts'
import type { InboxRelays, RoutedRelay } from '../relays/inbox-relays.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { SIGNER_MISMATCH } from '../relays/relay-list.effects.ts'
import type { MiningActor } from './mining.effects.ts'
import type { PublishQueue } from './publish-queue.effects.ts'
import { rememberPublished } from './published-cache.ts'

export type PrepareLogic = PromiseActorLogic<EventTemplate, TemplateInput>

/** A queue that could not start has no verdict to give: the publish stays queued. */
const noVerdict = () => {}

/** The publish machine as the app provides it. */
export type PublishLogic = typeof publishMachine

/** Publishing for the composers, the modals and the like button. */
export interface Publishing {
  /** The publish machine with the app's effects; proof of work shows its session to `onMining`. */
  logic(onMining: (session: MiningActor) => void): PublishLogic
  /**
   * Publishes one request (a like) and resolves once a relay accepted it or it was queued
   * offline, with null, or once it failed, with the message. Other relays are not waited for.
   */
  once(request: PublishRequest): Promise<string | null>
}

export interface PublishDeps {
  hub: Pick<RelayHub, 'publish' | 'query'>
  /** The signer of whoever is logged in now. */
  signer(): Signer
  /** Who is logged in: the signer must sign as them. */
  pubkey(): string | null
  /** The relay pool, once the client runs. */
  pool(): RelayPoolActorRef | undefined
  queryClient: QueryClient
  /** Milliseconds clock. */
  now?: () => number
  /** The step between building and signing (proof of work); absent: none. */
  prepare?: PrepareLogic
  /** Where a publish made offline waits (loaded on first use); absent: it is sent anyway. */
  publishQueue?: () => Promise<Pick<PublishQueue, 'enqueue' | 'actor'>>
  /** The browser reports a network (navigator.onLine). */
  online?: () => boolean
  /**
   * The read relays of the people an event names (NIP-65 inbox), added to the write relays;
   * absent: the write relays only.
   */
  inbox?: Pick<InboxRelays, 'targets'>
}

/** The relays events are published to: write and readwrite (spec §7: filtered by permission). */
export const writeRelays = (entries: readonly PoolEntry[]): string[] => [
  ...new Set(entries.filter((entry) => canWrite(entry.permission)).map((entry) => entry.url)),
]

/**
 * Where the note acted on can be found, for the tags' relay hints: the first relay the app reads
 * from (it is where the note was read), else '' (NIP-10 allows it).
 */
export function relayHint(entries: readonly PoolEntry[]): string {
  const read = entries.find((entry) => canRead(entry.permission))
  return read ? (normalizeRelayUrl(read.url) ?? read.url) : ''
}

/**
 * Where a signed event goes: the write relays, then the inbox relays of the people it names
 * (each with its reason). A lookup that fails leaves the write relays.
 */
async function publishTargets(
  inbox: PublishDeps['inbox'],
  event: NostrEvent,
  entries: readonly PoolEntry[],
): Promise<RoutedRelay[]> {
  const ours = writeRelays(entries)
  const own = ours.map((url) => ({ url }))
  if (!inbox) return own
  return inbox.targets(event, ours, entries).catch(() => own)
}

/** The signed note a repost carries, from the relays the app reads. */
async function fetchOriginal(hub: Pick<RelayHub, 'query'>, id: string): Promise<NostrEvent | null> {
  const events = await hub.query([{ ids: [id], kinds: [1], limit: 1 }])
  return events.find((event) => event.id === id) ?? null
}

export function publishEffects(deps: PublishDeps) {
  const now = deps.now ?? Date.now
  const entries = () => deps.pool()?.getSnapshot().context.entries ?? []
  const online = deps.online ?? browserOnline
  /** Offline, or every write relay down: the signed event waits in the publish queue. */
  const offline = () => {
    const phase = deps.pool()?.getSnapshot().context.phase ?? {}
    return mustQueue(
      online(),
      writeRelays(entries()).map((url) => phase[url] ?? 'idle'),
    )
  }
  return {
    actors: {
      build: fromPromise<EventTemplate, BuildInput>(async ({ input: { request } }) => {
        const target = requestTarget(request)
        const conditions = {
          clientReady: deps.pool() !== undefined,
          relays: writeRelays(entries()),
        }
        assertPublishable(request.kind === 'note' ? conditions : { ...conditions, target })
        const createdAt = Math.floor(now() / 1000)
        // Offline the original cannot be fetched: the repost is queued without it.
        if (request.kind === 'repost' && deps.publishQueue && offline()) {
          return bareRepostTemplate(request.target, createdAt, relayHint(entries()))
        }
        const original =
          request.kind === 'repost' ? await fetchOriginal(deps.hub, request.target.id) : null
        return requestTemplate(request, { createdAt, hint: relayHint(entries()), original })
      }),
      ...(deps.prepare ? { prepare: deps.prepare } : {}),
      sign: fromPromise<NostrEvent, TemplateInput>(async ({ input: { template } }) => {
        // A mined event carries its nonce tag: the signer allows it the longer timeout.
        const pow = template.tags.some((tag) => tag[0] === 'nonce')
        const event = await deps.signer().signEvent(template, { pow })
        const pubkey = deps.pubkey()
        if (pubkey && event.pubkey !== pubkey) throw new Error(SIGNER_MISMATCH)
        // The work must hold for the signed event, which is what relays check.
        const target = pow ? committedTarget(template.tags) : null
        if (target !== null) {
          const problem = (await import('./mining.effects.ts')).minedEventProblem(event, target)
          if (problem) throw new Error(problem)
        }
        return event
      }),
      /**
       * Each relay separately, so every relay's answer is shown, not only the first: the write
       * relays and the inbox relays of the people the event names (NIP-65).
       */
      send: fromCallback<PublishEvent, SendInput>(({ input: { event }, sendBack }) => {
        let stopped = false
        const { publishQueue } = deps
        const enqueue = (queued: NonNullable<typeof publishQueue>, otherwise: () => void) =>
          queued()
            .then((queue) => queue.enqueue(event))
            .then(
              () => {
                if (!stopped) sendBack({ type: 'publish.queued' })
              },
              () => {
                if (!stopped) otherwise()
              },
            )
        const sendNow = async () => {
          const targets = await publishTargets(deps.inbox, event, entries())
          if (stopped) return
          let outstanding = targets.length
          const results: PublishResult[] = []
          const settle = () => sendBack({ type: 'publish.settled' })
          const answer = (result: PublishResult) => {
            if (stopped) return
            results.push(result)
            sendBack({ type: 'publish.answered', result })
            if (--outstanding > 0) return
            // Answers lost on the way: the same event goes again from the queue (noneAnswered).
            if (publishQueue && isQueueable(event) && noneAnswered(results)) {
              enqueue(publishQueue, settle)
            } else settle()
          }
          if (targets.length === 0) settle()
          for (const { url, reason } of targets) {
            deps.hub.publish(event, [url], reason ? { reason } : undefined).then(
              (answers) =>
                answer(
                  answers.find((r) => r.relay === url) ?? { relay: url, ok: true, message: '' },
                ),
              (error: unknown) =>
                answer({ relay: url, ok: false, message: refusalReason(error, url) }),
            )
          }
        }
        // Offline, stored even if the screen closes meanwhile: nothing written is lost. A store
        // that fails (private mode, full disk) leaves the relays to answer, and the draft is kept.
        if (publishQueue && offline()) enqueue(publishQueue, () => void sendNow())
        else void sendNow()
        return () => {
          stopped = true
        }
      }),
      /** The queue's verdict on a queued event, once it has one (core's queuedFate). */
      queueFate: fromCallback<PublishEvent, SendInput>(({ input: { event }, sendBack }) => {
        let watching: { unsubscribe(): void } | undefined
        let stopped = false
        void deps.publishQueue?.().then(({ actor }) => {
          if (stopped) return
          const check = () => {
            const fate = queuedFate(actor.getSnapshot().context, event.id)
            if (!fate) return
            watching?.unsubscribe()
            stopped = true
            sendBack(
              fate.sent
                ? { type: 'publish.queueSent' }
                : { type: 'publish.queueDropped', message: fate.message },
            )
          }
          watching = actor.subscribe(check)
          check()
        }, noVerdict)
        return () => {
          stopped = true
          watching?.unsubscribe()
        }
      }),
    },
    actions: {
      remember: (_: unknown, accepted: AcceptedParams) =>
        rememberPublished(deps.queryClient, accepted, now()),
    },
  }
}
