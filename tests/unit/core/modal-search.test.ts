import { describe, expect, it } from 'vitest'
import { parseModalSearch } from '../../../src/core/modal-search.ts'

describe('parseModalSearch', () => {
  it('keeps known flags set to true and drops everything else', () => {
    expect(
      parseModalSearch({
        settings: true,
        nsecLogin: 'true',
        signOut: 'yes',
        unlockKey: false,
        other: true,
      }),
    ).toEqual({
      settings: true,
      nsecLogin: true,
    })
  })
})
