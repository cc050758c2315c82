import { describe, expect, it } from 'vitest'
import { formatHashRate, formatTimeLeft } from '../../../../src/core/publish/pow-display.ts'

describe('mining numbers on screen', () => {
  it('reads the hash rate in H/s, kH/s and MH/s', () => {
    expect(formatHashRate(0)).toBe('0 H/s')
    expect(formatHashRate(950.4)).toBe('950 H/s')
    expect(formatHashRate(123_456)).toBe('123.5 kH/s')
    expect(formatHashRate(2_345_678)).toBe('2.35 MH/s')
  })

  it('reads the time left in seconds, minutes or hours, and says when it cannot tell', () => {
    expect(formatTimeLeft(null)).toBe('estimating…')
    expect(formatTimeLeft(0)).toBe('any moment now')
    expect(formatTimeLeft(12.4)).toBe('about 12 s left')
    expect(formatTimeLeft(150)).toBe('about 3 min left')
    expect(formatTimeLeft(7200)).toBe('about 2 h left')
  })
})
