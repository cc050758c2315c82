/**
 * Hostile relays for the hostile-relay spec (tests/e2e/hostile-relays.spec.ts) and its bench row
 * (bench/hostile-relays.ts): each case is the faults of a relay that sits in the user's pool beside
 * a healthy one (the real relay, its outgoing side altered by faults.ts): a 50 MB frame, 10,000
 * NOTICEs, a relay that streams for ever without EOSE, an event flood, events dated in the future
 * (9e12, year 2100, one naming the user), malformed JSON and wrong shapes. The healthy relay
 * holds the world and two mentions of the user (mentionsOf).
 */
import { type Filter, matchFilters } from 'nostr-tools/filter'
import { npubEncode } from 'nostr-tools/nip19'
import {
  finalizeEvent,
  generateSecretKey,
  getEventHash,
  getPublicKey,
  type NostrEvent,
} from 'nostr-tools/pure'
import type { RawSend, RelayFaults } from './faults.ts'

const FIFTY_MB = 50 * 1024 * 1024
const NOTICES = 10_000
const FLOOD = 20_000
/** Of the flood, this many are signed (signing is slow here); the rest carry a forged signature. */
const FLOOD_SIGNED = 1_000
const STREAM_EVERY_MS = 10
const YEAR_2100 = 4_102_444_800

const now = () => Math.floor(Date.now() / 1000)
const frame = (...parts: unknown[]) => JSON.stringify(parts)
/** A signature that is well formed but verifies for nothing. */
const forge = (event: Omit<NostrEvent, 'id' | 'sig'>): NostrEvent => ({
  ...event,
  id: getEventHash(event),
  sig: 'ab'.repeat(64),
})
const note = (key: Uint8Array, content: string, created_at: number, tags: string[][] = []) =>
  finalizeEvent({ kind: 1, created_at, tags, content }, key)

/** Per connection once: `send` is one function per socket. */
const oncePerSocket = () => {
  const done = new WeakSet<RawSend>()
  return (send: RawSend) => !done.has(send) && Boolean(done.add(send))
}

/** Sends the events a REQ's filters match, as that subscription's. */
const sendMatching = (subId: string, filters: Filter[], send: RawSend, events: NostrEvent[]) => {
  for (const event of events) {
    if (matchFilters(filters, event) && !send(frame('EVENT', subId, event))) return
  }
}

export interface Case {
  name: string
  /**
   * The browser's own cost is measured too: the longest task of a bare page whose WebSocket
   * receives the same frames with an empty handler (Chromium decodes a text frame on the main
   * thread before any script sees it).
   */
  floor?: boolean
  /** The hostile relay's faults, for a user with this pubkey. */
  faults(user: string): RelayFaults
  /** Called once the feed shows its first rows: what comes while the reader reads. */
  reading?(): void
}

function bigFrame(): Case {
  const first = oncePerSocket()
  return {
    name: 'a 50 MB frame',
    floor: true,
    faults: () => ({
      onReq: (subId, _filters, send) => {
        if (first(send)) send(frame('EVENT', subId, { content: 'x'.repeat(FIFTY_MB) }))
      },
    }),
  }
}

const notices: Case = {
  name: '10,000 NOTICEs',
  faults: () => ({
    onOpen: (send) => {
      for (let i = 0; i < NOTICES; i++) send(frame('NOTICE', `notice ${i}: you are being flooded`))
    },
  }),
}

function endless(): Case {
  // Old notes, so they sit below the healthy relay's rows whatever the app keeps of them.
  const key = generateSecretKey()
  const events = Array.from({ length: 100 }, (_, i) => note(key, `endless ${i}`, 1_600_000_000 + i))
  return {
    name: 'a relay that streams for ever without EOSE',
    faults: () => ({
      rewrite: (sent) => (sent[0] === 'EOSE' ? null : sent),
      onReq: (subId, filters, send) => {
        let i = 0
        const timer = setInterval(() => {
          const event = events[i++ % events.length]!
          // Asked or not, a frame every few milliseconds until the socket closes.
          const body = matchFilters(filters, event) ? event : { ...event, kind: 30_000 }
          if (!send(frame('EVENT', subId, body))) clearInterval(timer)
        }, STREAM_EVERY_MS)
      },
    }),
  }
}

function flood(): Case {
  const key = generateSecretKey()
  const pubkey = getPublicKey(key)
  const at = now()
  const events = Array.from({ length: FLOOD }, (_, i) =>
    i < FLOOD_SIGNED
      ? note(key, `flood ${i}`, at)
      : forge({ kind: 1, pubkey, created_at: at, tags: [], content: `flood ${i}` }),
  )
  // The subscriptions open when the reader starts reading each get the whole flood at once.
  const open: Array<() => void> = []
  return {
    name: `a flood of ${FLOOD} events (${FLOOD_SIGNED} signed, the rest forged)`,
    faults: () => ({
      onReq: (subId, filters, send) => {
        open.push(() => sendMatching(subId, filters, send, events))
      },
    }),
    reading: () => {
      for (const flush of open.splice(0)) flush()
    },
  }
}

function future(): Case {
  const key = generateSecretKey()
  return {
    name: 'events dated 9e12 and in 2100, naming the user',
    faults: (user) => {
      const events = [9e12, YEAR_2100].flatMap((at) => [
        note(key, `from the future, nostr:${npubEncode(user)}`, at, [['p', user]]),
        note(key, `from the future ${at}`, at),
      ])
      return { onReq: (subId, filters, send) => sendMatching(subId, filters, send, events) }
    },
  }
}

function malformed(): Case {
  const key = generateSecretKey()
  const pubkey = getPublicKey(key)
  // Valid, and old: it sits far below the healthy relay's rows.
  const valid = note(key, 'valid but then', 1_600_000_000)
  const huge = 'h'.repeat(400_000)
  return {
    name: 'malformed JSON and wrong shapes',
    faults: (user) => ({
      onReq: (subId, _filters, send) => {
        const junk = [
          'not json',
          '{',
          '["EVENT"',
          'null',
          '42',
          '{"EVENT":1}',
          '[]',
          '[1,2,3]',
          frame('EVENT'),
          frame('EVENT', subId),
          frame('EVENT', subId, 42),
          frame('EVENT', subId, null),
          frame('EVENT', subId, [1, 2, 3]),
          frame('EVENT', subId, { id: 5, pubkey: {}, kind: '1', tags: 'x', content: [] }),
          frame('EVENT', subId, { ...valid, tags: [[1, 2], null, 'p'] }),
          frame('EVENT', subId, { ...valid, created_at: 'yesterday' }),
          frame('EVENT', subId, { ...valid, kind: -1 }),
          frame('EVENT', subId, { ...valid, id: undefined }),
          frame('EVENT', subId, { ...valid, content: huge }),
          frame('EVENT', subId, { ...valid, tags: [['p', user, huge]] }),
          frame(
            'EVENT',
            subId,
            forge({ kind: 1, pubkey, created_at: now(), tags: [], content: huge }),
          ),
          frame('EVENT', [subId], valid),
          frame('EVENT', subId, valid, valid),
          frame('EOSE', 7),
          frame('EOSE', { subId }),
          frame('CLOSED', subId, { reason: 1 }),
          frame('NOTICE', { huge }),
          frame('NOTICE', huge),
          frame('OK', 1, 'yes', []),
          frame('AUTH', []),
          frame('COUNT', subId, 'many'),
          frame(huge),
        ]
        for (const text of junk) if (!send(text)) return
      },
    }),
  }
}

/** Two mentions of the user, for the healthy relay: the rows /notifications must show. */
export function mentionsOf(user: string): NostrEvent[] {
  const friend = generateSecretKey()
  return [1, 2].map((i) =>
    note(friend, `Hello nostr:${npubEncode(user)}, mention ${i}`, now() - 600 * i, [['p', user]]),
  )
}

/** Each case's label and a fresh instance of it (null: the control, no hostile relay). */
export const cases: Array<[label: string, make: () => Case | null]> = [
  ['none (the control)', () => null],
  ['a 50 MB frame', bigFrame],
  ['10,000 NOTICEs', () => notices],
  ['streaming for ever', endless],
  ['an event flood', flood],
  ['future dates', future],
  ['malformed JSON and wrong shapes', malformed],
]
