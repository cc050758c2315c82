// The first page's request on the head start's sockets: asked at open, answered as the hub reads
// a stored answer, each relay sent CLOSE after its EOSE, then checked in the verify worker's code.
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { initNostrWasm } from 'nostr-wasm'
import { describe, expect, it } from 'vitest'
import { EARLY_SUB_ID, earlyRequest } from '../../../../src/actors/relays/early-request.ts'
import { EOSE_BASE_TIMEOUT_MS } from '../../../../src/core/relays/eose-timeout.ts'
import { MAX_FUTURE_SECONDS } from '../../../../src/core/relays/untrusted-input.ts'
import { createVerifyApi } from '../../../../src/workers/verify-api.ts'
import { corruptSignature } from '../../../peers/faults.ts'

const key = generateSecretKey()
const NOW_MS = Date.now()
const note = (content: string, ago = 60, kind = 1): NostrEvent =>
  finalizeEvent({ kind, created_at: Math.floor(NOW_MS / 1000) - ago, tags: [], content }, key)

const FILTERS = [{ kinds: [1, 6], limit: 3 }]
const frame = (...parts: unknown[]) => JSON.stringify(parts)
const event = (e: NostrEvent, sub = EARLY_SUB_ID) => frame('EVENT', sub, e)

function setUp(ids: number[], verify = createVerifyApi(initNostrWasm).verify) {
  const sent = new Map<number, string[]>()
  const timers: Array<{ run: () => void; ms: number }> = []
  const request = earlyRequest(FILTERS, ids, {
    verify,
    later: (run, ms) => timers.push({ run, ms }),
    now: () => NOW_MS,
  })
  const open = (id: number) => {
    if (!sent.has(id)) sent.set(id, [])
    request.opened(id, (data) => sent.get(id)?.push(data))
  }
  let answered = false
  void request.answer.then(() => {
    answered = true
  })
  return { request, sent, timers, open, answered: () => answered }
}

const ids = (events: readonly NostrEvent[]) => events.map((e) => e.content).sort()

describe('the early request', () => {
  it('asks each socket once as it opens, and is answered when every relay has sent EOSE, each then sent CLOSE', async () => {
    const { request, sent, open, answered } = setUp([-1, -2])
    open(-1)
    open(-1)
    expect(sent.get(-1)).toEqual([frame('REQ', EARLY_SUB_ID, ...FILTERS)])
    open(-2)
    const [a, b] = [note('a'), note('b')]
    expect(request.heard(-1, event(a))).toBe(true)
    expect(request.heard(-2, event(a))).toBe(true)
    expect(request.heard(-1, frame('EOSE', EARLY_SUB_ID))).toBe(true)
    expect(sent.get(-1)?.at(-1)).toBe(frame('CLOSE', EARLY_SUB_ID))
    await Promise.resolve()
    expect(answered()).toBe(false)
    expect(request.heard(-2, event(b))).toBe(true)
    request.heard(-2, frame('EOSE', EARLY_SUB_ID))
    expect(ids(await request.answer)).toEqual(['a', 'b'])
  })

  it("leaves other frames to the app: another subscription's, a NOTICE, an AUTH, a socket not asked yet", () => {
    const { request, open } = setUp([-1])
    const e = note(`mentions ${EARLY_SUB_ID} in its text`)
    expect(request.heard(-1, event(e))).toBe(false)
    open(-1)
    expect(request.heard(-1, event(e, 'plume-1'))).toBe(false)
    expect(request.heard(-1, frame('NOTICE', 'hello'))).toBe(false)
    expect(request.heard(-1, frame('AUTH', 'challenge'))).toBe(false)
    expect(request.heard(-1, event(e))).toBe(true)
  })

  it('keeps no more than the limits, only what the filters asked for, nothing dated ahead', async () => {
    const { request, open } = setUp([-1])
    open(-1)
    const ahead = finalizeEvent(
      {
        kind: 1,
        created_at: Math.floor(NOW_MS / 1000) + MAX_FUTURE_SECONDS + 60,
        tags: [],
        content: 'ahead',
      },
      key,
    )
    for (const e of [note('profile', 60, 0), ahead, note('one'), note('two'), note('three')])
      request.heard(-1, event(e))
    request.heard(-1, frame('EOSE', EARLY_SUB_ID))
    // Three frames of the limit went to the kind 0 and the note dated ahead.
    expect(ids(await request.answer)).toEqual(['one'])
  })

  it('drops a forged event and keeps its honest neighbours', async () => {
    const { request, open } = setUp([-1])
    open(-1)
    const [good, forged] = [note('good'), note('forged')]
    request.heard(-1, event(corruptSignature(forged)))
    request.heard(-1, event(good))
    request.heard(-1, frame('EOSE', EARLY_SUB_ID))
    expect(ids(await request.answer)).toEqual(['good'])
  })

  it('a relay that refuses, a socket that closes, one stopped before it opened: each is done', async () => {
    const { request, open } = setUp([-1, -2, -3])
    open(-1)
    open(-2)
    request.heard(-1, event(note('before the refusal')))
    request.heard(-1, frame('CLOSED', EARLY_SUB_ID, 'auth-required: no'))
    request.closed(-2)
    request.closed(-3)
    expect(ids(await request.answer)).toEqual(['before the refusal'])
  })

  it('is answered with what came when the wait is over, however many relays are silent', async () => {
    const { request, open, timers } = setUp([-1, -2])
    open(-1)
    open(-2)
    request.heard(-1, event(note('in time')))
    expect(timers.map((timer) => timer.ms)).toEqual([EOSE_BASE_TIMEOUT_MS])
    timers[0]?.run()
    expect(ids(await request.answer)).toEqual(['in time'])
    // Late frames are the app's (its hub ignores a subscription it does not hold).
    expect(request.heard(-2, event(note('late')))).toBe(false)
  })

  it('with no worker to check the events, nothing is given', async () => {
    const { request, open } = setUp([-1], () => Promise.reject(new Error('worker failed')))
    open(-1)
    request.heard(-1, event(note('unchecked')))
    request.heard(-1, frame('EOSE', EARLY_SUB_ID))
    expect(await request.answer).toEqual([])
  })
})
