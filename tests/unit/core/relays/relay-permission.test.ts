import { describe, expect, it } from 'vitest'
import {
  canRead,
  canWrite,
  nextPermission,
  PERMISSION_BADGE,
} from '../../../../src/core/relays/relay-permission.ts'

describe('relay permissions', () => {
  it('cycles read, write, readwrite, indexer, back to read', () => {
    const seen = ['read' as const]
    for (let i = 0; i < 4; i++) seen.push(nextPermission(seen.at(-1)!) as 'read')
    expect(seen).toEqual(['read', 'write', 'readwrite', 'indexer', 'read'])
  })

  it('has the badges R, W, RW and I', () => {
    expect(PERMISSION_BADGE).toEqual({ read: 'R', write: 'W', readwrite: 'RW', indexer: 'I' })
  })

  it('reads from read-capable relays and writes to write-capable ones; an indexer does neither', () => {
    expect(
      ['read', 'write', 'readwrite', 'indexer'].map((p) => [
        canRead(p as 'read'),
        canWrite(p as 'read'),
      ]),
    ).toEqual([
      [true, false],
      [false, true],
      [true, true],
      [false, false],
    ])
  })
})
