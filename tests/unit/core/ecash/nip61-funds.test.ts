import { describe, expect, it } from 'vitest'
import { acceptedFunds, type NutzapInfo } from '../../../../src/core/ecash/nip61.ts'

const info: NutzapInfo = {
  relays: [],
  pubkey: `02${'a'.repeat(64)}`,
  mints: [
    { url: 'https://Mint.Example.com/', units: ['sat'] },
    { url: 'https://plain.example.com', units: [] },
    { url: 'https://usd.example.com', units: ['usd'] },
  ],
}

describe('acceptedFunds', () => {
  it('keeps the wallet mints they list in sats, however written, and adds up their balances', () => {
    const mints = [
      { url: 'https://mint.example.com', name: 'Mint' },
      { url: 'https://usd.example.com', name: 'Dollars' },
      { url: 'https://plain.example.com', name: 'Plain' },
      { url: 'https://other.example.com', name: 'Other' },
    ]
    const balances = {
      'https://mint.example.com': 21,
      'https://usd.example.com': 500,
      'https://plain.example.com': 100,
      'https://other.example.com': 1000,
    }
    expect(acceptedFunds(info, mints, balances)).toEqual({
      mints: [mints[0], mints[2]],
      total: 121,
    })
  })

  it('counts a mint without a balance as holding nothing, and none shared as 0', () => {
    expect(acceptedFunds(info, [{ url: 'https://plain.example.com' }], {})).toEqual({
      mints: [{ url: 'https://plain.example.com' }],
      total: 0,
    })
    expect(acceptedFunds(info, [{ url: 'https://other.example.com' }], {})).toEqual({
      mints: [],
      total: 0,
    })
  })
})
