import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  compress,
  IV,
  K,
  padMessage,
  run,
  schedule,
} from '../../../../src/core/publish/sha256-rounds.ts'

const hex = (words: Int32Array) =>
  Array.from(words, (word) => (word >>> 0).toString(16).padStart(8, '0')).join('')

/** SHA-256 from the pieces: pad, then every chunk. */
function sha256(bytes: Uint8Array): string {
  const { words } = padMessage(bytes)
  const chain = IV.slice()
  for (let i = 0; i < words.length / 16; i++) compress(chain, words, i)
  return hex(chain)
}

describe('SHA-256 in pieces', () => {
  it.each([0, 1, 55, 56, 63, 64, 65, 119, 120, 547, 1000])(
    'hashes %i bytes as Node does',
    (length) => {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff)
      expect(sha256(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'))
    },
  )

  it('resumes a chunk from any round with the same result as one run', () => {
    const { words } = padMessage(new TextEncoder().encode('It’s just me mining my own business'))
    const w = new Int32Array(64)
    const kw = new Int32Array(64)
    w.set(words.subarray(0, 16))
    for (let s = 0; s < 16; s++) kw[s] = (w[s]! + K[s]!) | 0
    schedule(w, kw)
    const whole = IV.slice()
    run(whole, kw, 0, 0, 64)
    for (let split = 0; split <= 64; split++) {
      const parts = IV.slice()
      run(parts, kw, 0, 0, split)
      run(parts, kw, 0, split, 64)
      expect(hex(parts)).toBe(hex(whole))
    }
  })
})
