import { describe, expect, it } from 'vitest'
import { avatarHue } from '../../../../src/core/people/profile.ts'

describe('avatarHue', () => {
  it("is the pubkey's first four hex digits, around the colour wheel", () => {
    expect(avatarHue(`0000${'a'.repeat(60)}`)).toBe(0)
    expect(avatarHue(`0167${'a'.repeat(60)}`)).toBe(359)
    expect(avatarHue(`0168${'a'.repeat(60)}`)).toBe(0)
    expect(avatarHue('f'.repeat(64))).toBe(65535 % 360)
  })
})
