import { describe, expect, it } from 'vitest'
import { isUnread } from '../../../../src/core/notifications/notifications.ts'

describe('isUnread (spec §7)', () => {
  it('is newer than the last visit; one at the very second of it was seen', () => {
    expect(isUnread({ created_at: 101 }, 100)).toBe(true)
    expect(isUnread({ created_at: 100 }, 100)).toBe(false)
    expect(isUnread({ created_at: 99 }, 100)).toBe(false)
  })

  it('is every notification before a first visit', () => {
    expect(isUnread({ created_at: 0 }, undefined)).toBe(true)
  })
})
