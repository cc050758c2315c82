/**
 * The query-cache key that marks one of the user's events as queued in the publish queue, not yet
 * on a relay. Its own tiny module: the note's action bar reads it on every card of the feed, and
 * the queue itself loads only once it is needed. The key keeps its first name, 'outbox': it is
 * stored with the query cache.
 */
export const queuedMarkKey = (eventId: string) => ['outbox', eventId] as const

/** A note written offline or that no relay answered, on its card and under the composer. */
export const QUEUED_TEXT = 'Queued: will send when your relays can be reached'
