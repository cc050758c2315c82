import { describe, expect, it } from 'vitest'
import { messageOf } from '../../../../src/core/platform/error-message.ts'

describe('messageOf', () => {
  it("is an Error's message", () => {
    expect(messageOf(new TypeError('Failed to fetch'))).toBe('Failed to fetch')
  })

  it('reads an Error without a message as its name, never as an empty line', () => {
    expect(messageOf(new Error(''))).toBe('Error')
    expect(messageOf(new RangeError())).toBe('RangeError')
  })

  it('is any other thrown value as a string', () => {
    expect(messageOf('relay closed')).toBe('relay closed')
    expect(messageOf(42)).toBe('42')
    expect(messageOf(undefined)).toBe('undefined')
  })

  it('takes the fallback over anything but a message', () => {
    expect(messageOf(new Error(''), 'Could not unlock')).toBe('Could not unlock')
    expect(messageOf({ code: 4001 }, 'Could not unlock')).toBe('Could not unlock')
    expect(messageOf('User rejected', 'Could not unlock')).toBe('Could not unlock')
    expect(messageOf(new Error('wrong password'), 'Could not unlock')).toBe('wrong password')
  })
})
