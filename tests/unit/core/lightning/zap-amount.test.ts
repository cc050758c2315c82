import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SATS,
  parseZapSats,
  ZAP_PRESETS,
} from '../../../../src/core/lightning/zap-amount.ts'

describe('zap amounts', () => {
  it('offers 21, 100, 500, 1000 and 5000 sats at one tap, 21 at first', () => {
    expect(ZAP_PRESETS).toEqual([21, 100, 500, 1000, 5000])
    expect(DEFAULT_SATS).toBe(21)
    expect(ZAP_PRESETS).toContain(DEFAULT_SATS)
  })
})

describe('parseZapSats', () => {
  it('reads a positive whole number of sats, spaces around it allowed', () => {
    expect(parseZapSats('21')).toBe(21)
    expect(parseZapSats(' 1000 ')).toBe(1000)
    expect(parseZapSats('1e3')).toBe(1000)
    expect(parseZapSats(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER)
  })

  it('refuses nothing typed, zero, negatives, fractions and words', () => {
    for (const text of ['', '   ', '0', '-5', '2.5', 'abc', '21 sats', 'NaN', 'Infinity']) {
      expect(parseZapSats(text)).toBeNull()
    }
  })

  it('refuses a number too large to be counted exactly', () => {
    expect(parseZapSats(String(Number.MAX_SAFE_INTEGER + 2))).toBeNull()
  })
})
