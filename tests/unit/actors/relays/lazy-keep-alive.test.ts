import { afterEach, describe, expect, it, vi } from 'vitest'
import type { KeepAlive, KeepAliveLink } from '../../../../src/actors/relays/keep-alive.ts'
import { KEEP_ALIVE_LOAD_MS, lazyKeepAlive } from '../../../../src/actors/relays/lazy-keep-alive.ts'

const link = (url: string): KeepAliveLink => ({
  url,
  isConnected: () => true,
  send: () => {},
  onMessage: () => () => {},
  onConnected: () => () => {},
})

/** What the loaded keep-alive was told, in order. */
function recorder() {
  const calls: string[] = []
  const keepAlive: KeepAlive = {
    addRelay: (added) => calls.push(`add ${added.url}`),
    removeRelay: (url) => calls.push(`remove ${url}`),
    start: () => calls.push('start'),
    stop: () => calls.push('stop'),
    pingAll: () => {},
    check: (url) => calls.push(`check ${url}`),
    isStale: () => false,
  }
  return { calls, keepAlive }
}

afterEach(() => vi.useRealTimers())

describe('keep-alive loaded after start', () => {
  it('is handed the relays still joined when it loads, starts, checks those that let a request go unanswered meanwhile, and takes later ones at once', async () => {
    vi.useFakeTimers()
    const { calls, keepAlive } = recorder()
    const loaded: string[] = []
    const relays = lazyKeepAlive((module) => {
      loaded.push(typeof module.createKeepAlive)
      return keepAlive
    })
    relays.addRelay(link('wss://a.example'))
    relays.addRelay(link('wss://b.example'))
    relays.removeRelay('wss://a.example')
    relays.check('wss://a.example') // removed: not checked
    relays.check('wss://b.example') // checked once loaded
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_LOAD_MS - 1)
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(() =>
      expect(calls).toEqual(['add wss://b.example', 'start', 'check wss://b.example']),
    )
    expect(loaded).toEqual(['function'])
    relays.addRelay(link('wss://c.example'))
    relays.removeRelay('wss://b.example')
    relays.check('wss://c.example')
    expect(calls).toEqual([
      'add wss://b.example',
      'start',
      'check wss://b.example',
      'add wss://c.example',
      'remove wss://b.example',
      'check wss://c.example',
    ])
  })
})
