import { describe, expect, it } from 'vitest'
import { chooseTargetBits, strictestPowRelay } from '../../../../src/core/publish/nip13.ts'
import { powExplanation } from '../../../../src/core/publish/pow-display.ts'

describe('strictestPowRelay', () => {
  it('is the relay asking for the most bits, the first of equals', () => {
    expect(
      strictestPowRelay([
        { url: 'wss://a.example.com', bits: 12 },
        { url: 'wss://b.example.com', bits: null },
        { url: 'wss://c.example.com', bits: 20 },
        { url: 'wss://d.example.com', bits: 20 },
      ]),
    ).toEqual({ url: 'wss://c.example.com', bits: 20 })
  })

  it('is null when no relay asks, or there are none', () => {
    expect(strictestPowRelay([{ url: 'wss://a.example.com', bits: null }])).toBeNull()
    expect(strictestPowRelay([])).toBeNull()
  })
})

describe('powExplanation', () => {
  it('says when proof of work is off', () => {
    expect(powExplanation(false, 16, 20, { url: 'wss://a.example.com', bits: 22 })).toBe(
      'Off: notes are published without proof of work.',
    )
  })

  it('names the default or the user setting when no relay asks for more', () => {
    expect(powExplanation(true, 16, null, null)).toBe(
      'Notes are mined to 16 bits before publishing (the default). Each bit doubles the work.',
    )
    expect(powExplanation(true, 20, 20, { url: 'wss://a.example.com', bits: 18 })).toBe(
      'Notes are mined to 20 bits before publishing (your setting). Each bit doubles the work.',
    )
  })

  it('names the relay that asks for more, and the cap at 24', () => {
    const relay = { url: 'wss://a.example.com', bits: 20 }
    expect(powExplanation(true, chooseTargetBits(null, [20]), null, relay)).toBe(
      'Notes are mined to 20 bits before publishing: wss://a.example.com asks for 20.',
    )
    const greedy = { url: 'wss://b.example.com', bits: 30 }
    expect(powExplanation(true, chooseTargetBits(8, [30]), 8, greedy)).toBe(
      'Notes are mined to 24 bits before publishing: wss://b.example.com asks for 30 (capped at 24).',
    )
  })
})
