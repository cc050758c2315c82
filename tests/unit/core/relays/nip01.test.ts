import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  closeMessage,
  eventMessage,
  isEventShaped,
  isReplaceableKind,
  parseRelayMessage,
  replacementCreatedAt,
  reqMessage,
} from '../../../../src/core/relays/nip01.ts'

// As it arrives over the wire: plain JSON, without nostr-tools' verified mark.
const event = JSON.parse(
  JSON.stringify(
    finalizeEvent(
      { kind: 1, created_at: 1_700_000_000, tags: [['t', 'nostr']], content: 'hi' },
      generateSecretKey(),
    ),
  ),
)

describe('parseRelayMessage', () => {
  it('reads every relay message type', () => {
    expect(parseRelayMessage(JSON.stringify(['EVENT', 's1', event]))).toEqual({
      type: 'EVENT',
      subId: 's1',
      event,
    })
    expect(parseRelayMessage('["EOSE","s1"]')).toEqual({ type: 'EOSE', subId: 's1' })
    expect(parseRelayMessage('["CLOSED","s1","error: shutting down"]')).toEqual({
      type: 'CLOSED',
      subId: 's1',
      reason: 'error: shutting down',
    })
    expect(parseRelayMessage(`["OK","${event.id}",false,"invalid: bad signature"]`)).toEqual({
      type: 'OK',
      eventId: event.id,
      accepted: false,
      message: 'invalid: bad signature',
    })
    expect(parseRelayMessage('["NOTICE","slow down"]')).toEqual({
      type: 'NOTICE',
      message: 'slow down',
    })
    expect(parseRelayMessage('["AUTH","challenge"]')).toEqual({
      type: 'AUTH',
      challenge: 'challenge',
    })
  })

  it('turns garbage into null instead of throwing', () => {
    for (const frame of [
      '',
      'nope',
      '{}',
      '[]',
      '[1]',
      '["EVENT","s"]',
      '["EVENT","s",{"id":"x"}]',
      '["WHAT"]',
      '["OK","x","yes"]',
    ]) {
      expect(parseRelayMessage(frame)).toBeNull()
    }
  })

  it('refuses events whose fields have the wrong shape', () => {
    expect(isEventShaped(event)).toBe(true)
    expect(isEventShaped({ ...event, id: event.id.toUpperCase() })).toBe(false)
    expect(isEventShaped({ ...event, sig: 'ab' })).toBe(false)
    expect(isEventShaped({ ...event, kind: 1.5 })).toBe(false)
    expect(isEventShaped({ ...event, tags: [['t', 1]] })).toBe(false)
    expect(isEventShaped({ ...event, content: null })).toBe(false)
  })
})

describe('client messages', () => {
  it('frames REQ, CLOSE and EVENT as NIP-01 says', () => {
    expect(reqMessage('s', [{ kinds: [1], limit: 10 }, { kinds: [0] }])).toBe(
      '["REQ","s",{"kinds":[1],"limit":10},{"kinds":[0]}]',
    )
    expect(closeMessage('s')).toBe('["CLOSE","s"]')
    expect(JSON.parse(eventMessage(event))).toEqual(['EVENT', event])
  })
})

describe('replaceable events', () => {
  it('knows the replaceable kinds', () => {
    expect([0, 3, 10_000, 10_019, 17_375, 19_999, 30_000, 39_999].every(isReplaceableKind)).toBe(
      true,
    )
    expect([1, 6, 7, 7375, 9321, 20_000, 40_000].some(isReplaceableKind)).toBe(false)
  })

  it('makes a replacement later than what it replaces, even within the same second', () => {
    expect(replacementCreatedAt(1_700_000_000, undefined)).toBe(1_700_000_000)
    expect(replacementCreatedAt(1_700_000_000, 1_699_999_000)).toBe(1_700_000_000)
    expect(replacementCreatedAt(1_700_000_000, 1_700_000_000)).toBe(1_700_000_001)
    expect(replacementCreatedAt(1_700_000_000, 1_700_000_005)).toBe(1_700_000_006)
  })
})
