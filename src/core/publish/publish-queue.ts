/**
 * Publishing offline: a signed event waits in the publish queue until the app is back online,
 * then goes to the write relays. These are the pure parts: when to queue rather than send, which
 * events may wait at all, and what a round of relay answers means for a queued event.
 */

import type { NostrEvent } from 'nostr-tools/pure'
import { isReplaceableKind } from '../relays/nip01.ts'
import type { PublishResult } from '../relays/publish-result.ts'
import { NO_ANSWER, NOT_CONNECTED, REPLACEABLE_OFFLINE } from '../relays/relay-messages.ts'
import { QUEUED_TEXT } from './queued-mark.ts'

/** A signed event waiting to be sent, with when it was queued (ms). */
export interface PublishQueueEntry {
  event: NostrEvent
  queuedAt: number
}

/** A queued event a relay refused for good: dropped, and the user told why. */
export interface PublishQueueDrop {
  id: string
  kind: number
  /** The start of its text, so the user knows which one it was. */
  excerpt: string
  /** '{relay}: {reason}' for each relay that refused it. */
  reason: string
}

/** What one attempt did to each queued event it sent. */
export interface FlushReport {
  sent: string[]
  dropped: PublishQueueDrop[]
  /** Refused for a reason that may pass (no connection, no answer, rate limit): tried again later. */
  kept: string[]
}

/** After a round where nothing got through, the queue is tried again this much later. */
export const PUBLISH_QUEUE_RETRY_MS = 30_000

export const PUBLISH_QUEUE_TEXTS = {
  queued: QUEUED_TEXT,
  /**
   * Notes, replies, likes and reposts alike: 'items'. Online with the queue still waiting, it is
   * the relays that cannot be reached.
   */
  queuedCount: (count: number, online = false) =>
    `Queued: ${count === 1 ? '1 item' : `${count} items`} will be sent when ${
      online ? 'your relays can be reached' : 'you are back online'
    }.`,
  sending: (count: number) =>
    count === 1 ? 'Sending 1 queued item…' : `Sending ${count} queued items…`,
  /** A note by its first words, in quotes; a like or a repost by what it is. */
  dropped: ({ kind, excerpt, reason }: Pick<PublishQueueDrop, 'kind' | 'excerpt' | 'reason'>) =>
    `Not sent: ${kind === 7 || kind === 6 ? excerpt : `"${excerpt}"`} was refused by ${reason}`,
  /** Follow and mute lists and the profile are built from their newest copy on the relays. */
  replaceableOffline: REPLACEABLE_OFFLINE,
  storeFailed: (reason: string) => `Queued posts could not be read: ${reason}`,
} as const

/**
 * Whether an event may wait in the publish queue: not a replaceable one (a list changed offline would
 * be built from a copy that may be old by the time it is sent, and undo newer changes).
 */
export const isQueueable = (event: Pick<NostrEvent, 'kind'>): boolean =>
  !isReplaceableKind(event.kind)

/** How far each write relay's socket is: 'disconnected' means it gave up or is waiting to retry. */
export type WritePhase = 'idle' | 'connecting' | 'connected' | 'disconnected'

/**
 * A publish goes to the publish queue when the browser reports no network, or when every write relay is
 * down. An idle relay (a write-only one, opened on demand) or one connecting may still take it.
 */
export const mustQueue = (online: boolean, writePhases: readonly WritePhase[]): boolean =>
  !online || (writePhases.length > 0 && writePhases.every((phase) => phase === 'disconnected'))

/**
 * No relay answered: each let the wait run out or had no socket. Its answer may have been lost on
 * the way (a relay that took the event and whose OK never came), so the event waits in the queue
 * and goes again as it is, rather than failing: written and published again, it would be a second
 * note with another id.
 */
export const noneAnswered = (results: readonly PublishResult[]): boolean =>
  results.length > 0 && results.every(unanswered)

/** The relay said nothing: its wait ran out, or it had no socket. Not a refusal. */
export const unanswered = (result: PublishResult): boolean =>
  !result.ok && (result.message === NO_ANSWER || result.message === NOT_CONNECTED)

/**
 * NIP-01 OK prefixes that mean this event will never be taken by that relay: it is malformed, its
 * proof of work is too low, or the author or the kind is not welcome.
 */
export const PERMANENT_REFUSALS = ['invalid:', 'pow:', 'blocked:', 'restricted:'] as const
/** The relay has it already: as good as accepted. */
const DUPLICATE = 'duplicate:'

const isPermanent = (message: string): boolean =>
  PERMANENT_REFUSALS.some((prefix) => message.startsWith(prefix))

export type Verdict = 'sent' | 'dropped' | 'kept'

/**
 * One event's fate from every write relay's answer: sent once a relay took it (or had it);
 * dropped when every relay refused it for good; otherwise kept, to try again (no relay, no
 * connection, no answer, 'rate-limited:', 'error:').
 */
export function verdictOf(results: readonly PublishResult[]): Verdict {
  if (results.some((result) => result.ok || result.message.startsWith(DUPLICATE))) return 'sent'
  if (results.length > 0 && results.every((result) => isPermanent(result.message))) return 'dropped'
  return 'kept'
}

const EXCERPT_CHARS = 40

/** The first words of an event's text for a message; a like or a repost by what it is. */
export function excerptOf(event: Pick<NostrEvent, 'kind' | 'content'>): string {
  if (event.kind === 7) return 'your like'
  if (event.kind === 6) return 'your repost'
  const text = event.content.replace(/\s+/g, ' ').trim()
  const chars = [...text]
  return chars.length > EXCERPT_CHARS
    ? `${chars.slice(0, EXCERPT_CHARS).join('').trimEnd()}…`
    : text
}

/** A dropped event with the relays' reasons. */
export const dropOf = (event: NostrEvent, results: readonly PublishResult[]): PublishQueueDrop => ({
  id: event.id,
  kind: event.kind,
  excerpt: excerptOf(event),
  reason: results.map((result) => `${result.relay}: ${result.message}`).join('; '),
})

/** The queue after a round: what was sent or dropped leaves it. */
export function afterFlush(
  queue: readonly PublishQueueEntry[],
  report: Pick<FlushReport, 'sent' | 'dropped'>,
): PublishQueueEntry[] {
  const gone = new Set([...report.sent, ...report.dropped.map((drop) => drop.id)])
  return queue.filter((entry) => !gone.has(entry.event.id))
}

/**
 * Where one queued event stands, from the queue's state: still waiting (null), sent, or dropped
 * with the message to show. An event leaves the queue only when sent or dropped (afterFlush).
 */
export function queuedFate(
  state: { queue: readonly PublishQueueEntry[]; drops: readonly PublishQueueDrop[] },
  id: string,
): { sent: true } | { sent: false; message: string } | null {
  if (state.queue.some((entry) => entry.event.id === id)) return null
  const drop = state.drops.find((dropped) => dropped.id === id)
  return drop ? { sent: false, message: PUBLISH_QUEUE_TEXTS.dropped(drop) } : { sent: true }
}

/** Adds an entry once (the same event queued twice is one), oldest first. */
export function withEntry(
  queue: readonly PublishQueueEntry[],
  entry: PublishQueueEntry,
): PublishQueueEntry[] {
  if (queue.some((queued) => queued.event.id === entry.event.id)) return [...queue]
  return [...queue, entry].sort((a, b) => a.queuedAt - b.queuedAt)
}

/** A stored queue as read back: anything that is not an entry list is an empty queue. */
export function parseQueue(stored: unknown): PublishQueueEntry[] {
  if (!Array.isArray(stored)) return []
  return stored.filter(
    (entry): entry is PublishQueueEntry =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as PublishQueueEntry).queuedAt === 'number' &&
      typeof (entry as PublishQueueEntry).event?.id === 'string' &&
      typeof (entry as PublishQueueEntry).event?.sig === 'string',
  )
}
