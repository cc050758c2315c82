import { describe, expect, it } from 'vitest'
import { inputFee } from '../../../../src/core/ecash/cashu-fees.ts'
import {
  checkKeys,
  chooseKeyset,
  KEYSET_ERRORS,
  keysetVersion,
  verifyKeyset,
} from '../../../../src/core/ecash/cashu-keyset.ts'
import { splitAmount } from '../../../../src/core/ecash/cashu-split.ts'
import { nut01, nut02 } from '../../../fixtures/nuts/index.ts'

describe('keyset keys (NUT-01 vectors)', () => {
  it('accepts the valid keysets, the one with a 2^63 amount included', () => {
    for (const keys of nut01.valid) expect(() => checkKeys(keys)).not.toThrow()
  })

  it('rejects a key missing a byte and an uncompressed key', () => {
    expect(() => checkKeys(nut01.invalid[0] as Record<string, string>)).toThrow(
      KEYSET_ERRORS.invalidKey('1'),
    )
    expect(() => checkKeys(nut01.invalid[1] as Record<string, string>)).toThrow(
      KEYSET_ERRORS.invalidKey('2'),
    )
  })
})

describe('keyset ids (NUT-02 vectors)', () => {
  it('verifies every version 00 id against its keys', () => {
    for (const v of nut02.version00) {
      expect(keysetVersion(v.id)).toBe('00')
      expect(() => verifyKeyset({ id: v.id, unit: 'sat', keys: v.keys })).not.toThrow()
    }
  })

  it('verifies every version 01 id against keys, unit, fee and expiry', () => {
    for (const v of nut02.version01) {
      expect(keysetVersion(v.id)).toBe('01')
      expect(() => verifyKeyset(v)).not.toThrow()
    }
  })

  it("says Couldn't verify keyset ID {id} for a changed key, fee, unit or a bad key", () => {
    const [v0] = nut02.version00
    const [v1] = nut02.version01
    if (!v0 || !v1) throw new Error('fixtures missing')
    const message = (id: string) => `Couldn't verify keyset ID ${id}`
    const swapped = { ...v0.keys, '1': v0.keys['2'] as string }
    expect(() => verifyKeyset({ id: v0.id, unit: 'sat', keys: swapped })).toThrow(message(v0.id))
    expect(() => verifyKeyset({ ...v1, input_fee_ppk: 0 })).toThrow(message(v1.id))
    expect(() => verifyKeyset({ ...v1, unit: 'usd' })).toThrow(message(v1.id))
    const bad = { ...v0.keys, '1': `${(v0.keys['1'] as string).slice(0, -2)}` }
    expect(() => verifyKeyset({ id: v0.id, unit: 'sat', keys: bad })).toThrow(message(v0.id))
    expect(KEYSET_ERRORS.unverified('abc')).toBe("Couldn't verify keyset ID abc")
  })

  it('does not accept legacy base64 ids', () => {
    expect(keysetVersion('I2yN+iRYfkzT')).toBeNull()
    expect(keysetVersion('02abcdef01234567')).toBeNull()
  })
})

describe('keyset choice', () => {
  const ks = (id: string, fee: number, active = true, unit = 'sat') => ({
    id,
    unit,
    active,
    input_fee_ppk: fee,
  })
  const v00 = (n: string) => `00${n.repeat(14)}`
  const v01 = (n: string) => `01${n.repeat(64)}`

  it('picks the active keyset of the unit with the lowest input fee', () => {
    const chosen = chooseKeyset(
      [ks(v01('a'), 100), ks(v00('b'), 0, false), ks(v00('c'), 50), ks(v01('d'), 0, true, 'usd')],
      'sat',
    )
    expect(chosen.id).toBe(v00('c'))
  })

  it('prefers version 01 among equal fees, and ignores other id versions', () => {
    expect(chooseKeyset([ks(v00('a'), 0), ks(v01('b'), 0)], 'sat').id).toBe(v01('b'))
    expect(() => chooseKeyset([ks('I2yN+iRYfkzT', 0)], 'sat')).toThrow(
      'No active keyset found for unit: sat',
    )
  })
})

describe('fees and denominations', () => {
  it('sums input_fee_ppk over the inputs and rounds up per 1000', () => {
    const ppk = (id: string) => ({ a: 100, b: 0, c: 1000 })[id] ?? 0
    expect(inputFee([], ppk)).toBe(0)
    expect(inputFee([{ id: 'a' }], ppk)).toBe(1)
    expect(inputFee(Array(10).fill({ id: 'a' }), ppk)).toBe(1)
    expect(inputFee(Array(11).fill({ id: 'a' }), ppk)).toBe(2)
    expect(inputFee([{ id: 'b' }, { id: 'c' }, { id: 'a' }], ppk)).toBe(2)
  })

  it('splits an amount into the keyset denominations, largest first', () => {
    const small = nut02.version00[0]?.keys ?? {} // 1, 2, 4, 8
    const large = nut02.version00[1]?.keys ?? {} // 2^0 .. 2^63
    expect(splitAmount(300, large)).toEqual([256, 32, 8, 4])
    expect(splitAmount(13, small)).toEqual([8, 4, 1])
    expect(splitAmount(20, small)).toEqual([8, 8, 4])
  })
})
