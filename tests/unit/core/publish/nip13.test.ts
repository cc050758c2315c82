import { getEventHash, verifyEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  chooseTargetBits,
  committedTarget,
  DEFAULT_POW_BITS,
  estimatedSecondsLeft,
  FINISHED_SESSION_MS,
  idDifficulty,
  leadingZeroBits,
  MAX_POW_BITS,
  miningProgress,
  nonceTag,
  POW_ERRORS,
  PROGRESS_EVERY_HASHES,
  PROGRESS_EVERY_MS,
  parseDifficultyInput,
  readPowEnabled,
  readSavedBits,
  targetBitsError,
  WORKER_TIMEOUT_MS,
} from '../../../../src/core/publish/nip13.ts'
import vector from '../../../fixtures/nip13.json' with { type: 'json' }

const bytesOf = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

describe('NIP-13 difficulty', () => {
  it('reproduces the NIP-13 example: a signed note whose id has 21 leading zero bits, committed to 20', () => {
    const { example } = vector
    expect(getEventHash(example)).toBe(example.id)
    expect(verifyEvent({ ...example })).toBe(true)
    expect(idDifficulty(example.id)).toBe(vector.exampleDifficulty)
    expect(leadingZeroBits(bytesOf(example.id))).toBe(vector.exampleDifficulty)
    expect(committedTarget(example.tags)).toBe(20)
  })

  it.each(vector.difficulties)('counts $bits leading zero bits in $id', ({ id, bits }) => {
    expect(idDifficulty(id)).toBe(bits)
    expect(leadingZeroBits(bytesOf(id))).toBe(bits)
  })

  it('counts every bit of a zero id, and none of an id starting with 8..f', () => {
    expect(idDifficulty('0'.repeat(64))).toBe(256)
    expect(leadingZeroBits(new Uint8Array(32))).toBe(256)
    expect(idDifficulty(`8${'0'.repeat(63)}`)).toBe(0)
    expect(idDifficulty(`7${'f'.repeat(63)}`)).toBe(1)
    expect(idDifficulty(`01${'f'.repeat(62)}`)).toBe(7)
  })

  it('writes the nonce tag as counter then target, and reads the commitment back', () => {
    expect(nonceTag('776797', 20)).toEqual(['nonce', '776797', '20'])
    expect(committedTarget([['t', 'x'], nonceTag('1', 16)])).toBe(16)
    expect(committedTarget([['nonce', '1']])).toBeNull()
    expect(committedTarget([['nonce', '1', 'many']])).toBeNull()
    expect(committedTarget([])).toBeNull()
  })
})

describe('mining input (spec §5)', () => {
  it("accepts a whole number of at least 1, else 'invalid targetBits'", () => {
    expect(POW_ERRORS.invalidTargetBits).toBe('invalid targetBits')
    for (const ok of [1, 16, 24, 40]) expect(targetBitsError(ok)).toBeNull()
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '16', null, undefined]) {
      expect(targetBitsError(bad)).toBe('invalid targetBits')
    }
  })

  it('names the other mining errors as the spec does', () => {
    expect(POW_ERRORS.pubkeyRequired).toBe('pubkey required')
    expect(POW_ERRORS.aborted).toBe('aborted')
    expect(POW_ERRORS.workerTimeout).toBe('Worker timeout')
  })

  it('takes a difficulty of 1 to 24 in the settings field, with a message otherwise', () => {
    expect(parseDifficultyInput('1')).toEqual({ ok: true, bits: 1 })
    expect(parseDifficultyInput(' 24 ')).toEqual({ ok: true, bits: 24 })
    for (const bad of ['0', '25', '-3', '12.5', '1e1', '', 'abc', '0x10']) {
      expect(parseDifficultyInput(bad)).toEqual({ ok: false, error: POW_ERRORS.difficultyRange })
    }
    expect(POW_ERRORS.difficultyRange).toBe('Difficulty must be a whole number from 1 to 24')
  })

  it('reads powEnabled as 1 or true, and a saved powTargetBits only when valid', () => {
    expect(readPowEnabled('true')).toBe(true)
    expect(readPowEnabled('1')).toBe(true)
    for (const off of ['false', '0', null, '']) expect(readPowEnabled(off)).toBe(false)
    expect(readSavedBits('20')).toBe(20)
    expect(readSavedBits('30')).toBeNull()
    expect(readSavedBits('x')).toBeNull()
    expect(readSavedBits(null)).toBeNull()
  })
})

describe('which difficulty is used (spec §9, README)', () => {
  it('is 16 when enabled without an override', () => {
    expect(DEFAULT_POW_BITS).toBe(16)
    expect(chooseTargetBits(null)).toBe(16)
    expect(chooseTargetBits(null, [null, null])).toBe(16)
  })

  it("is the user's saved value, lower or higher than 16", () => {
    expect(chooseTargetBits(8)).toBe(8)
    expect(chooseTargetBits(22, [null])).toBe(22)
  })

  it('rises to the highest relay requirement (NIP-11), capped at 24', () => {
    expect(chooseTargetBits(null, [18, 20, null])).toBe(20)
    expect(chooseTargetBits(8, [12])).toBe(12)
    expect(chooseTargetBits(22, [20])).toBe(22)
    expect(chooseTargetBits(null, [30])).toBe(MAX_POW_BITS)
    expect(chooseTargetBits(24, [200])).toBe(24)
  })
})

describe('progress and estimate', () => {
  it('has the spec constants', () => {
    expect(PROGRESS_EVERY_HASHES).toBe(1024)
    expect(PROGRESS_EVERY_MS).toBe(500)
    expect(WORKER_TIMEOUT_MS).toBe(5000)
    expect(FINISHED_SESSION_MS).toBe(5000)
  })

  it('shows the share of the expected 2^bits hashes, held at 99 until complete', () => {
    expect(miningProgress(0, 16)).toBe(0)
    expect(miningProgress(32_768, 16)).toBe(50)
    expect(miningProgress(65_535, 16)).toBe(99)
    expect(miningProgress(1_000_000, 16)).toBe(99)
  })

  it('estimates the seconds left at the current rate, null without one', () => {
    expect(estimatedSecondsLeft(32_768, 16, 32_768)).toBe(1)
    expect(estimatedSecondsLeft(100_000, 16, 1000)).toBe(0)
    expect(estimatedSecondsLeft(0, 16, 0)).toBeNull()
  })
})
