import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  afterFlush,
  dropOf,
  excerptOf,
  isQueueable,
  mustQueue,
  noneAnswered,
  PUBLISH_QUEUE_TEXTS,
  type PublishQueueEntry,
  parseQueue,
  queuedFate,
  unanswered,
  verdictOf,
  withEntry,
} from '../../../../src/core/publish/publish-queue.ts'
import { NO_ANSWER, NOT_CONNECTED } from '../../../../src/core/relays/relay-messages.ts'

const key = generateSecretKey()
const event = (content: string, kind = 1, created_at = 1000) =>
  finalizeEvent({ kind, created_at, tags: [], content }, key)
const A = 'wss://a.example'
const B = 'wss://b.example'

describe('when a publish waits in the outbox', () => {
  it('queues when the browser is offline, whatever the relays say', () => {
    expect(mustQueue(false, ['connected'])).toBe(true)
    expect(mustQueue(false, [])).toBe(true)
  })

  it('queues online only when every write relay is down', () => {
    expect(mustQueue(true, ['disconnected', 'disconnected'])).toBe(true)
    expect(mustQueue(true, ['disconnected', 'connected'])).toBe(false)
    // A write-only relay is idle until needed; one connecting may still take it.
    expect(mustQueue(true, ['idle'])).toBe(false)
    expect(mustQueue(true, ['connecting', 'disconnected'])).toBe(false)
    // No write relay at all is the publish checks' 'No relays configured', not a queue.
    expect(mustQueue(true, [])).toBe(false)
  })

  it('queues a publish no relay answered at all (each answer may have been lost), not one refused', () => {
    const lost = { relay: A, ok: false, message: NO_ANSWER }
    expect(noneAnswered([lost, { relay: B, ok: false, message: NOT_CONNECTED }])).toBe(true)
    expect(noneAnswered([lost, { relay: B, ok: false, message: 'blocked: no' }])).toBe(false)
    expect(noneAnswered([lost, { relay: B, ok: false, message: 'error: try later' }])).toBe(false)
    expect(noneAnswered([lost, { relay: B, ok: true, message: '' }])).toBe(false)
    expect(noneAnswered([])).toBe(false)
    // Shown as what it is, not as a refusal.
    expect(unanswered(lost)).toBe(true)
    expect(unanswered({ relay: B, ok: false, message: 'blocked: no' })).toBe(false)
  })

  it('never queues replaceable events (a list or a profile is changed from its newest copy)', () => {
    for (const kind of [0, 3, 10000, 10002, 10019, 30023]) expect(isQueueable({ kind })).toBe(false)
    for (const kind of [1, 6, 7, 9735, 20000]) expect(isQueueable({ kind })).toBe(true)
  })
})

describe("a queued event's fate from the relays' answers", () => {
  it('is sent once one relay took it, or already had it', () => {
    expect(
      verdictOf([
        { relay: A, ok: false, message: 'not connected' },
        { relay: B, ok: true, message: '' },
      ]),
    ).toBe('sent')
    expect(verdictOf([{ relay: A, ok: false, message: 'duplicate: have it' }])).toBe('sent')
  })

  it('is dropped when every relay refused it for good (NIP-01 prefixes)', () => {
    for (const message of [
      'invalid: bad sig',
      'pow: difficulty 8 < 20',
      'blocked: no',
      'restricted: paid',
    ]) {
      expect(verdictOf([{ relay: A, ok: false, message }])).toBe('dropped')
    }
    expect(
      verdictOf([
        { relay: A, ok: false, message: 'blocked: no' },
        { relay: B, ok: false, message: 'invalid: bad' },
      ]),
    ).toBe('dropped')
  })

  it('is kept while any refusal may pass: no connection, no answer, a rate limit, no relay', () => {
    expect(verdictOf([])).toBe('kept')
    expect(verdictOf([{ relay: A, ok: false, message: 'not connected' }])).toBe('kept')
    expect(verdictOf([{ relay: A, ok: false, message: 'rate-limited: slow down' }])).toBe('kept')
    expect(
      verdictOf([
        { relay: A, ok: false, message: 'blocked: no' },
        { relay: B, ok: false, message: 'no answer in time' },
      ]),
    ).toBe('kept')
  })

  it('names a dropped event by its first words and every relay by its reason', () => {
    const long = event(`${'word '.repeat(20)}end`)
    const drop = dropOf(long, [
      { relay: A, ok: false, message: 'blocked: no' },
      { relay: B, ok: false, message: 'invalid: bad' },
    ])
    expect(drop).toEqual({
      id: long.id,
      kind: 1,
      excerpt: `${'word '.repeat(8).trim()}…`,
      reason: `${A}: blocked: no; ${B}: invalid: bad`,
    })
    expect(PUBLISH_QUEUE_TEXTS.dropped(drop)).toBe(
      `Not sent: "${drop.excerpt}" was refused by ${drop.reason}`,
    )
    expect(excerptOf({ kind: 7, content: '+' })).toBe('your like')
    expect(
      PUBLISH_QUEUE_TEXTS.dropped({ kind: 7, excerpt: 'your like', reason: `${A}: blocked: no` }),
    ).toBe(`Not sent: your like was refused by ${A}: blocked: no`)
    expect(excerptOf({ kind: 6, content: '{}' })).toBe('your repost')
    expect(excerptOf({ kind: 1, content: '  short\n note ' })).toBe('short note')
  })
})

describe('the queue', () => {
  const first: PublishQueueEntry = { event: event('one'), queuedAt: 1 }
  const second: PublishQueueEntry = { event: event('two'), queuedAt: 2 }

  it('keeps each event once, oldest first', () => {
    expect(withEntry(withEntry([], second), first)).toEqual([first, second])
    expect(withEntry([first], { ...first, queuedAt: 9 })).toEqual([first])
  })

  it('loses what was sent or dropped after a round, keeps the rest', () => {
    const third: PublishQueueEntry = { event: event('three'), queuedAt: 3 }
    const report = { sent: [first.event.id], dropped: [dropOf(third.event, [])] }
    expect(afterFlush([first, second, third], report)).toEqual([second])
  })

  it("tells a queued event's fate: waiting while queued, then dropped with the message, or sent", () => {
    const drop = dropOf(second.event, [{ relay: A, ok: false, message: 'blocked: no' }])
    expect(queuedFate({ queue: [first], drops: [] }, first.event.id)).toBeNull()
    expect(queuedFate({ queue: [first], drops: [drop] }, second.event.id)).toEqual({
      sent: false,
      message: `Not sent: "two" was refused by ${A}: blocked: no`,
    })
    expect(queuedFate({ queue: [second], drops: [drop] }, first.event.id)).toEqual({ sent: true })
  })

  it('reads back only whole signed entries from storage', () => {
    expect(parseQueue(null)).toEqual([])
    expect(parseQueue('junk')).toEqual([])
    expect(parseQueue([first, { queuedAt: 1 }, { event: { id: 'x' }, queuedAt: 2 }, 7])).toEqual([
      first,
    ])
  })

  it('counts items for the notice', () => {
    expect(PUBLISH_QUEUE_TEXTS.queuedCount(1)).toBe(
      'Queued: 1 item will be sent when you are back online.',
    )
    expect(PUBLISH_QUEUE_TEXTS.queuedCount(3)).toBe(
      'Queued: 3 items will be sent when you are back online.',
    )
    expect(PUBLISH_QUEUE_TEXTS.queuedCount(2, true)).toBe(
      'Queued: 2 items will be sent when your relays can be reached.',
    )
  })
})
