import { describe, expect, it } from 'vitest'
import {
  isDatedAhead,
  isOversizedFrame,
  MAX_FRAME_CHARS,
  MAX_FUTURE_SECONDS,
  storedEventsBound,
} from '../../../../src/core/relays/untrusted-input.ts'

const nowMs = 1_700_000_000_000
const dated = (created_at: number) => ({
  id: '',
  pubkey: '',
  sig: '',
  kind: 1,
  tags: [],
  content: '',
  created_at,
})

describe('untrusted relay input', () => {
  it('reads a frame of the cap, not one character more', () => {
    expect(isOversizedFrame('x'.repeat(MAX_FRAME_CHARS))).toBe(false)
    expect(isOversizedFrame('x'.repeat(MAX_FRAME_CHARS + 1))).toBe(true)
    expect(MAX_FRAME_CHARS).toBe(524_288)
  })

  it('takes an event dated up to 15 minutes ahead, not a second more', () => {
    const now = nowMs / 1000
    expect(MAX_FUTURE_SECONDS).toBe(900)
    expect(isDatedAhead(dated(now + 900), nowMs)).toBe(false)
    expect(isDatedAhead(dated(now + 901), nowMs)).toBe(true)
    expect(isDatedAhead(dated(9_000_000_000_000), nowMs)).toBe(true)
  })

  it('bounds stored events by the sum of the limits, or not at all when a filter has none', () => {
    expect(storedEventsBound([{ limit: 2 }, { limit: 3 }])).toBe(5)
    expect(storedEventsBound([{ limit: 0 }])).toBe(0)
    expect(storedEventsBound([{ limit: 2 }, { kinds: [1] }])).toBe(Number.POSITIVE_INFINITY)
  })
})
