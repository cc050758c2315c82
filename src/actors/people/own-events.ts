/**
 * The user's own replaceable events (kind 0 profile, kind 3 contacts, kind 10000 mute list): read
 * from the relays before a change, newest wins, and published after it.
 *
 * Each of them holds the whole of something (every follow, every mute, the whole profile), so a
 * change is made to the newest copy. An empty answer counts as "none yet" only when a relay really
 * answered (its end of stored events came in time: the pool's health record shows a success since
 * the request); when none did, reading fails with the caller's message rather than let a list be
 * built from nothing. The newest copy seen this session also counts, so a relay that is behind
 * cannot undo the user's last change.
 *
 * Publishing needs a running pool and relays to write to (the spec's 'Nostr client not ready',
 * 'No relays configured'), signs with the logged-in user's signer and sends to the pool's write relays and its
 * indexers (these kinds are what indexers keep, core/indexer-routing), each relay on its own so
 * every relay's answer is known; it succeeds once one relay accepts (spec §7).
 */
import type { EventTemplate, NostrEvent } from 'nostr-tools/pure'
import { FOLLOW_MESSAGES } from '../../core/people/follow.ts'
import { newestEvent } from '../../core/platform/event-order.ts'
import { assertPublishable } from '../../core/relays/publish-checks.ts'
import {
  type PublishResult,
  publishFailedMessage,
  refusalReason,
} from '../../core/relays/publish-result.ts'
import { REPLACEABLE_OFFLINE } from '../../core/relays/relay-messages.ts'
import { canWrite } from '../../core/relays/relay-permission.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import { browserOnline } from '../platform/online.ts'
import type { Signer } from '../platform/signer.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

export interface OwnEventsDeps {
  hub: Pick<RelayHub, 'query' | 'publish'>
  /** The signer of whoever is logged in now. */
  signer(): Signer
  /** The relay pool, once it runs. */
  pool(): RelayPoolActorRef | undefined
  /** Milliseconds clock: the pool stamps its health records with Date.now(). */
  now?: () => number
  /** The browser reports a network (navigator.onLine). */
  online?: () => boolean
  /** Hears every event of the user's that a read fetched, not only the newest. */
  onRead?: (user: string, events: readonly NostrEvent[]) => void
}

export interface Published {
  event: NostrEvent
  /** Each relay's answer so far (the publish resolves at the first acceptance). */
  results: PublishResult[]
}

export interface OwnEvents {
  /**
   * The newest event of this kind by the user, or null when the relays that answered have none.
   * Rejects with `unreadable` when no relay answered.
   */
  read(kind: number, user: string, limit: number, unreadable: string): Promise<NostrEvent | null>
  /**
   * Signs the template as the user and publishes it. `onResult` hears every relay's answer, also
   * those after the first acceptance.
   */
  publish(
    template: EventTemplate,
    user: string,
    onResult?: (result: PublishResult) => void,
  ): Promise<Published>
  /** Where these events go: the pool's write relays and indexers, as the pool spells them. */
  writeTargets(): string[]
}

const keyOf = (kind: number, pubkey: string) => `${kind}:${pubkey}`

/** Sends the event to each relay separately; resolves at the first acceptance. */
export function publishEach(
  hub: Pick<RelayHub, 'publish'>,
  event: NostrEvent,
  targets: readonly string[],
  onResult?: (result: PublishResult) => void,
): Promise<PublishResult[]> {
  return new Promise((resolve, reject) => {
    const results: PublishResult[] = []
    let settled = false
    if (targets.length === 0) reject(new Error(publishFailedMessage([])))
    for (const url of targets) {
      void hub
        .publish(event, [url])
        .then(
          (answers): PublishResult => answers[0] ?? { relay: url, ok: true, message: '' },
          (error): PublishResult => ({ relay: url, ok: false, message: refusalReason(error, url) }),
        )
        .then((result) => {
          results.push(result)
          onResult?.(result)
          if (settled) return
          if (result.ok) {
            settled = true
            resolve([...results])
          } else if (results.length === targets.length) {
            settled = true
            reject(new Error(publishFailedMessage(results)))
          }
        })
    }
  })
}

export function createOwnEvents(deps: OwnEventsDeps): OwnEvents {
  const now = deps.now ?? Date.now
  const online = deps.online ?? browserOnline
  /**
   * These lists are not queued offline (actors/publish/publish-queue.effects.ts): a change is made to the newest copy on
   * the relays, which cannot be read now, and one sent later could undo newer changes.
   */
  const assertOnline = () => {
    if (!online()) throw new Error(REPLACEABLE_OFFLINE)
  }
  /** The newest event of each kind and author seen this session: fetched or published. */
  const seen = new Map<string, NostrEvent>()

  const remember = (event: NostrEvent) => {
    const key = keyOf(event.kind, event.pubkey)
    const newest = newestEvent([event, ...(seen.has(key) ? [seen.get(key)!] : [])])
    if (newest) seen.set(key, newest)
  }

  /** Some relay of the pool answered a request since `since` (ms). */
  const answeredSince = (since: number): boolean => {
    const health = deps.pool()?.getSnapshot().context.health ?? {}
    return Object.values(health).some((record) => (record.lastSuccess ?? -1) >= since)
  }

  const writeTargets = () =>
    (deps.pool()?.getSnapshot().context.entries ?? [])
      .filter((entry) => canWrite(entry.permission) || entry.permission === 'indexer')
      .map((entry) => entry.url)

  return {
    async read(kind, user, limit, unreadable) {
      assertOnline()
      const started = now()
      const events = await deps.hub.query([{ kinds: [kind], authors: [user], limit }])
      const own = events.filter((e) => e.kind === kind && e.pubkey === user)
      deps.onRead?.(user, own)
      const fetched = newestEvent(own)
      if (fetched) remember(fetched)
      else if (!answeredSince(started)) throw new Error(unreadable)
      return seen.get(keyOf(kind, user)) ?? null
    },

    async publish(template, user, onResult) {
      assertOnline()
      const targets = writeTargets()
      assertPublishable({ clientReady: deps.pool() !== undefined, relays: targets })
      const event = await deps.signer().signEvent(template)
      // A signer for another account (an extension switched meanwhile) must not speak for this one.
      if (event.pubkey !== user) throw new Error(FOLLOW_MESSAGES.signInFailed)
      const results = await publishEach(deps.hub, event, targets, onResult)
      remember(event)
      return { event, results }
    },

    writeTargets,
  }
}
