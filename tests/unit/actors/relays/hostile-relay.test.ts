// A relay that misbehaves on purpose, faults injected by the relay wrapper around a real relay:
// what it sends cannot keep a query open, flood a result past its limit, or slip in events dated
// ahead or frames too large to read.
import {
  finalizeEvent,
  generateSecretKey,
  getEventHash,
  getPublicKey,
  type NostrEvent,
} from 'nostr-tools/pure'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DropReason } from '../../../../src/core/relays/untrusted-input.ts'
import {
  MAX_FRAME_CHARS,
  MAX_FUTURE_SECONDS,
  MAX_VERIFYING_PER_RELAY,
} from '../../../../src/core/relays/untrusted-input.ts'
import type { Frame } from '../../../peers/faults.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { realHubs } from './real-hub.ts'

const key = generateSecretKey()
const nowSeconds = () => Math.floor(Date.now() / 1000)
const note = (created_at: number, content: string): NostrEvent =>
  finalizeEvent({ kind: 1, created_at, tags: [], content }, key)

const hubs = realHubs()
let relay: RelayHandle
let dropped: Array<[string, DropReason]> = []
const withoutEose = (frame: Frame) => (frame[0] === 'EOSE' ? null : frame)

beforeEach(() => {
  dropped = []
})
afterEach(async () => {
  await hubs.stopSockets(true)
  await relay.close()
})
afterAll(() => hubs.close())

/**
 * A hub on the relay, once its socket is open: with the short waits some tests give, a busy host
 * could otherwise end a request for want of a connection before the relay is reached at all.
 */
async function connect(eoseTimeoutMs?: number) {
  const { hub, connected } = hubs.connect([relay.url], {
    eoseTimeoutMs,
    eoseDeadlineMs: eoseTimeoutMs && 3 * eoseTimeoutMs,
    onDropped: (url, reason) => dropped.push([url, reason]),
  })
  await connected()
  return hub
}

describe('a hostile relay', () => {
  it('that streams matching events for ever and never sends EOSE does not keep a query open', async () => {
    relay = await startRelay({
      seed: [note(nowSeconds() - 60, 'stored')],
      faults: { rewrite: withoutEose },
    })
    const hub = await connect(500)
    let sent = 0
    const stream = setInterval(() => void relay.publish(note(nowSeconds(), `live ${++sent}`)), 100)
    try {
      const started = Date.now()
      const events = await hub.query([{ kinds: [1] }])
      const took = Date.now() - started
      // Its deadline, 1.5 s from the REQ (subscription-part.test.ts times it exactly); before,
      // every event restarted the wait and the query never ended.
      expect(took).toBeLessThan(10_000)
      // The stream was live during the query: how many of its events came depends on the host's
      // load (a busy host fires the interval late), so only that some did.
      const contents = events.map((event) => event.content)
      expect(contents).toContain('stored')
      expect(contents.some((content) => content.startsWith('live '))).toBe(true)
    } finally {
      clearInterval(stream)
    }
  })

  it('that sends more stored events than the filter’s limit has the rest dropped', async () => {
    relay = await startRelay({
      seed: [note(nowSeconds() - 60, 'one'), note(nowSeconds() - 50, 'two')],
      faults: { rewrite: withoutEose },
    })
    const hub = await connect(400)
    const query = hub.query([{ kinds: [1], limit: 2 }])
    await new Promise((done) => setTimeout(done, 150))
    // Before its EOSE (never sent), the relay goes on sending: five more than were asked for.
    for (const n of [1, 2, 3, 4, 5]) await relay.publish(note(nowSeconds(), `extra ${n}`))
    const events = await query
    expect(events).toHaveLength(2)
  })

  it('that sends events dated ahead has them dropped, and is reported once a second at most', async () => {
    const now = nowSeconds()
    relay = await startRelay({
      seed: [
        note(now - 60, 'past'),
        note(now + MAX_FUTURE_SECONDS - 60, 'a clock a little fast'),
        note(now + MAX_FUTURE_SECONDS + 60, 'ahead'),
        note(4_102_444_800, 'the year 2100'),
        note(9_000_000_000_000, 'beyond what Date can show'),
      ],
    })
    const hub = await connect()
    const events = await hub.query([{ kinds: [1] }])
    expect(events.map((event) => event.content).sort()).toEqual(['a clock a little fast', 'past'])
    expect(dropped).toEqual([[relay.url, 'future']])
  })

  it('that sends a frame over the size cap has it dropped unread and is reported', async () => {
    const big = note(nowSeconds() - 30, 'big')
    relay = await startRelay({
      seed: [note(nowSeconds() - 60, 'small'), big],
      faults: {
        rewrite: (frame) =>
          frame[0] === 'EVENT' && (frame[2] as NostrEvent).id === big.id
            ? [frame[0], frame[1], { ...big, content: 'x'.repeat(MAX_FRAME_CHARS) }]
            : frame,
      },
    })
    let rejected = 0
    const hub = hubs.connect([relay.url], {
      onRejected: () => rejected++,
      onDropped: (url, reason) => dropped.push([url, reason]),
    }).hub
    const events = await hub.query([{ kinds: [1] }])
    expect(events.map((event) => event.content)).toEqual(['small'])
    expect(dropped).toEqual([[relay.url, 'oversized']])
    // Never parsed, so never verified: its broken signature is not what dropped it.
    expect(rejected).toBe(0)
  })

  it('that floods a live subscription has what outruns the signature checks dropped, and reported', async () => {
    const pubkey = getPublicKey(key)
    const at = nowSeconds()
    // Ten times what may wait for its check at once, signed with a signature that verifies for
    // nothing (so the flood costs only checks), sent the moment the live REQ is answered.
    const flood = Array.from({ length: 10 * MAX_VERIFYING_PER_RELAY }, (_, i) => {
      const event = { kind: 1, pubkey, created_at: at, tags: [], content: `flood ${i}` }
      return { ...event, id: getEventHash(event), sig: 'ab'.repeat(64) }
    })
    const stored = note(at - 60, 'stored')
    let flooded = false
    relay = await startRelay({
      seed: [stored],
      faults: {
        onReq: (subId, filters, send) => {
          if (flooded || filters[0]?.since === undefined) return
          flooded = true
          for (const event of flood) send(JSON.stringify(['EVENT', subId, event]))
        },
      },
    })
    const hub = await connect()
    const live = hub.subscribe([{ kinds: [1], since: at - 1 }], { onEvent: () => {} })
    try {
      await expect.poll(() => dropped.length, { timeout: 20_000 }).toBeGreaterThan(0)
      expect(dropped[0]).toEqual([relay.url, 'flood'])
      // Another screen's query still gets its answer.
      const events = await hub.query([{ ids: [stored.id] }])
      expect(events.map((event) => event.id)).toEqual([stored.id])
    } finally {
      live.close()
    }
  })
})
