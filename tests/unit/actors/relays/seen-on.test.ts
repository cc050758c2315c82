import { describe, expect, it } from 'vitest'
import { createSeenOn } from '../../../../src/actors/relays/seen-on.ts'

describe('which relays sent an event', () => {
  it('keeps each relay once, first first', () => {
    const seenOn = createSeenOn()
    seenOn.add('a', 'wss://one')
    seenOn.add('a', 'wss://two')
    seenOn.add('a', 'wss://one')
    expect(seenOn.get('a')).toEqual(['wss://one', 'wss://two'])
    expect(seenOn.get('b')).toEqual([])
  })

  it('forgets the oldest ids past its bound', () => {
    const seenOn = createSeenOn(2)
    seenOn.add('a', 'wss://one')
    seenOn.add('b', 'wss://one')
    seenOn.add('c', 'wss://one')
    expect(seenOn.get('a')).toEqual([])
    expect(seenOn.get('c')).toEqual(['wss://one'])
  })
})
