import { describe, expect, it } from 'vitest'
import { parseProfileSearch } from '../../../../src/core/people/profile-search.ts'

describe('parseProfileSearch', () => {
  it('keeps contacts=followers|following and relayDiscovery=true', () => {
    expect(parseProfileSearch({ contacts: 'followers' })).toEqual({ contacts: 'followers' })
    expect(parseProfileSearch({ contacts: 'following', relayDiscovery: 'true' })).toEqual({
      contacts: 'following',
      relayDiscovery: true,
    })
    expect(parseProfileSearch({ relayDiscovery: true })).toEqual({ relayDiscovery: true })
  })

  it('drops unknown values and other parameters', () => {
    expect(
      parseProfileSearch({ contacts: 'friends', relayDiscovery: 'yes', settings: true }),
    ).toEqual({})
  })
})
