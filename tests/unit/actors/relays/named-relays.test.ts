import { describe, expect, it } from 'vitest'
import { createNamedRelays } from '../../../../src/actors/relays/named-relays.ts'
import type { RelayReason } from '../../../../src/core/relays/relay-reason.ts'

const own: RelayReason = { kind: 'own' }

describe('relays outside the pool that requests name', () => {
  it('counts the subscriptions naming each relay, telling every change, down to none', () => {
    const told: [string, number][] = []
    const named = createNamedRelays((url, users) => told.push([url, users]))
    named.name('a', ['wss://one', 'wss://two'], own)
    named.name('b', ['wss://one'], undefined)
    expect(named.users('wss://one')).toBe(2)
    expect(named.users('wss://two')).toBe(1)
    named.forget('a')
    named.forget('a') // ended twice: counted once
    named.forget('b')
    expect(named.users('wss://one')).toBe(0)
    expect(told).toEqual([
      ['wss://one', 1],
      ['wss://two', 1],
      ['wss://one', 2],
      ['wss://one', 1],
      ['wss://two', 0],
      ['wss://one', 0],
    ])
  })

  it('lists each relay with why it was named, per subscription; none for a request naming none', () => {
    const named = createNamedRelays()
    named.name('a', ['wss://one'], own)
    named.name('b', ['wss://one', 'wss://two'], undefined)
    named.name('c', [], own)
    expect([...named.named()]).toEqual([
      { url: 'wss://one', reason: own },
      { url: 'wss://one', reason: undefined },
      { url: 'wss://two', reason: undefined },
    ])
    named.forget('b')
    expect([...named.named()]).toEqual([{ url: 'wss://one', reason: own }])
  })
})
