import { describe, expect, it } from 'vitest'
import {
  MAX_CONNECTIONS,
  maxConnectionsReached,
  NO_HEALTHY_RELAYS,
  NO_RELAYS_CONFIGURED,
  NO_RELAYS_FOR_NOTES,
  NO_UNHEALTHY_RELAYS,
  POOL_DESTROYED,
} from '../../../../src/core/relays/relay-messages.ts'

describe('relay pool texts', () => {
  it('has the spec texts', () => {
    expect(POOL_DESTROYED).toBe('RelayConnectionPool has been destroyed')
    expect(MAX_CONNECTIONS).toBe(20)
    expect(maxConnectionsReached()).toBe('Maximum connections (20) reached')
    expect(maxConnectionsReached(5)).toBe('Maximum connections (5) reached')
  })
})

describe('relay data texts', () => {
  it('has the spec texts', () => {
    expect(NO_RELAYS_FOR_NOTES).toBe(
      'No relays configured. Add a relay or restore defaults to fetch notes.',
    )
    expect(NO_RELAYS_CONFIGURED).toBe('No relays configured')
    expect(NO_HEALTHY_RELAYS).toBe('No healthy relays found')
    expect(NO_UNHEALTHY_RELAYS).toBe('No unhealthy relays found')
  })
})
