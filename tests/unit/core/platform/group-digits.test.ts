import { describe, expect, it } from 'vitest'
import { groupDigits } from '../../../../src/core/platform/group-digits.ts'

describe('groupDigits', () => {
  it("writes whole numbers as Intl.NumberFormat('en-US') does", () => {
    const intl = new Intl.NumberFormat('en-US')
    const values = [0, 1, 7, 21, 999, 1000, 1001, 21000, 99999, 100000, 123456, 2_100_000]
    for (let value = 1; value < 1e15; value = value * 7 + 3) values.push(value, -value)
    for (const value of values) expect(groupDigits(value), String(value)).toBe(intl.format(value))
  })
})
