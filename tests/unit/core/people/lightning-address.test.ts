import { describe, expect, it } from 'vitest'
import { profileLightning } from '../../../../src/core/people/lightning-address.ts'

const LNURL =
  'lnurl1dp68gurn8ghj7um9wfmxjcm99e3k7mf0v9cxj0m385ekvcenxc6r2c35xvukxefcv5mkvv34x5ekzd3ev56nyd3hxqurzepexejxxepnxscrvwfnv9nxzcn9xq6xyefhvgcxxcmyxymnserxfq5fns'

describe('profileLightning', () => {
  it('shows the lightning address (lud16) first', () => {
    expect(profileLightning({ lud16: 'juniper@127.0.0.1:8080', lud06: LNURL })).toEqual({
      kind: 'lud16',
      address: 'juniper@127.0.0.1:8080',
    })
  })

  it('shows an LNURL (lud06) shortened to 13 characters at each end', () => {
    const shown = profileLightning({ lud16: '', lud06: LNURL.toUpperCase() })
    expect(shown).toEqual({
      kind: 'lud06',
      lnurl: LNURL,
      short: `${LNURL.slice(0, 13)}…${LNURL.slice(-13)}`,
    })
  })

  it('shows nothing for values that are neither', () => {
    expect(profileLightning({ lud16: 'not an address', lud06: 'lnbc1invoice' })).toBeNull()
    expect(profileLightning({ lud16: '', lud06: '' })).toBeNull()
  })
})
