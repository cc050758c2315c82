import { describe, expect, it } from 'vitest'
import {
  compareHex,
  newestEvent,
  newestFirst,
  oldestFirst,
} from '../../../../src/core/platform/event-order.ts'

const hex = (i: number) => ((i * 2654435761) % 2 ** 32).toString(16).padStart(64, '0')

describe('event order', () => {
  it('orders hex as localeCompare did', () => {
    const ids = Array.from({ length: 500 }, (_, i) => hex(i))
    for (const [i, a] of ids.entries()) {
      const b = ids[(i * 31) % ids.length] ?? ''
      expect(Math.sign(compareHex(a, b))).toBe(Math.sign(a.localeCompare(b)))
    }
  })

  it('sorts by time, the id breaking ties', () => {
    const events = [
      { created_at: 5, id: 'b' },
      { created_at: 9, id: 'a' },
      { created_at: 5, id: 'a' },
    ]
    expect([...events].sort(newestFirst)).toEqual([
      { created_at: 9, id: 'a' },
      { created_at: 5, id: 'a' },
      { created_at: 5, id: 'b' },
    ])
    expect([...events].sort(oldestFirst)).toEqual([
      { created_at: 5, id: 'a' },
      { created_at: 5, id: 'b' },
      { created_at: 9, id: 'a' },
    ])
  })
})

describe('newestEvent', () => {
  it('takes the highest created_at, then the lowest id', () => {
    const a = { id: 'b1', created_at: 10 }
    const b = { id: 'a1', created_at: 20 }
    const c = { id: 'a0', created_at: 20 }
    expect(newestEvent([a, b, c])).toBe(c)
    expect(newestEvent([a])).toBe(a)
    expect(newestEvent([])).toBeNull()
  })
})
