// The keep-alive policy under fake timers with a scripted relay, then against the real relay
// (real socket machine, real WebSocket) with its dropAll fault, on a clock running 50× fast.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { createActor } from 'xstate'
import {
  createKeepAlive,
  type KeepAliveClock,
  type KeepAliveLink,
  PING_INTERVAL_MS,
  PING_PREFIX,
  PONG_TIMEOUT_MS,
  reconnectSocket,
  STALE_AFTER_MS,
} from '../../../../src/actors/relays/keep-alive.ts'
import type { RequestResult } from '../../../../src/actors/relays/relay-hub.ts'
import { createRelaySockets } from '../../../../src/actors/relays/socket.effects.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'

Object.assign(globalThis, { WebSocket })

/** A relay link whose answers the test writes. */
function scriptedLink(url: string) {
  const sent: unknown[][] = []
  const listeners = { message: [] as ((data: string) => void)[], connected: [] as (() => void)[] }
  let connected = true
  const link: KeepAliveLink = {
    url,
    isConnected: () => connected,
    send: (data) => sent.push(JSON.parse(data) as unknown[]),
    onMessage: (listener) => {
      listeners.message.push(listener)
      return () => listeners.message.splice(listeners.message.indexOf(listener), 1)
    },
    onConnected: (listener) => {
      listeners.connected.push(listener)
      return () => listeners.connected.splice(listeners.connected.indexOf(listener), 1)
    },
  }
  return {
    link,
    sent,
    say: (frame: unknown[]) => {
      for (const listener of listeners.message) listener(JSON.stringify(frame))
    },
    setConnected(value: boolean) {
      connected = value
      if (value) for (const listener of listeners.connected) listener()
    },
    lastReq: () => sent.filter((frame) => frame[0] === 'REQ').at(-1),
    listening: () => listeners.message.length + listeners.connected.length,
  }
}

function harness() {
  const results: [string, RequestResult][] = []
  const reconnects: string[] = []
  const stale: string[] = []
  const keepAlive = createKeepAlive({
    reconnect: (url) => reconnects.push(url),
    onResult: (url, result) => results.push([url, result]),
    onStale: (url) => stale.push(url),
    randomHex: () => 'ab'.repeat(32),
  })
  return { keepAlive, results, reconnects, stale }
}

describe('keep-alive policy', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('pings every 30 s with a REQ for one random id, and CLOSEs it after the EOSE', async () => {
    vi.useFakeTimers()
    const { keepAlive, results, reconnects } = harness()
    const relay = scriptedLink('ws://a')
    keepAlive.addRelay(relay.link)
    keepAlive.start()
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS - 1)
    expect(relay.sent).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    const req = relay.lastReq()!
    expect(req).toEqual([
      'REQ',
      expect.stringMatching(`^${PING_PREFIX}`),
      { ids: ['ab'.repeat(32)], limit: 1 },
    ])
    await vi.advanceTimersByTimeAsync(120)
    relay.say(['EOSE', req[1]])
    expect(relay.sent.at(-1)).toEqual(['CLOSE', req[1]])
    expect(results).toEqual([['ws://a', { ok: true, responseMs: 120 }]])
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS)
    expect(relay.sent.filter((frame) => frame[0] === 'REQ')).toHaveLength(2)
    expect(reconnects).toEqual([])
    keepAlive.stop()
  })

  it('takes a CLOSED for the ping as its answer too, and needs no CLOSE then', async () => {
    vi.useFakeTimers()
    const { keepAlive, results } = harness()
    const relay = scriptedLink('ws://a')
    keepAlive.addRelay(relay.link)
    keepAlive.pingAll()
    const req = relay.lastReq()!
    relay.say(['CLOSED', req[1], 'error: no'])
    expect(relay.sent).toHaveLength(1)
    expect(results).toEqual([['ws://a', { ok: true, responseMs: 0 }]])
  })

  it(`reports a relay that misses the ${PONG_TIMEOUT_MS / 1000} s deadline and reconnects it`, async () => {
    vi.useFakeTimers()
    const { keepAlive, results, reconnects } = harness()
    const silent = scriptedLink('ws://silent')
    const fine = scriptedLink('ws://fine')
    keepAlive.addRelay(silent.link)
    keepAlive.addRelay(fine.link)
    keepAlive.start()
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS)
    fine.say(['EOSE', fine.lastReq()![1]])
    await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS - 1)
    expect(reconnects).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(reconnects).toEqual(['ws://silent'])
    expect(results).toEqual([
      ['ws://fine', { ok: true, responseMs: 0 }],
      ['ws://silent', { ok: false, responseMs: PONG_TIMEOUT_MS }],
    ])
    expect(silent.sent.at(-1)).toEqual(['CLOSE', silent.lastReq()![1]])
    keepAlive.stop()
  })

  it('does not reconnect a relay that is busy talking, only reports the slow answer', async () => {
    vi.useFakeTimers()
    const { keepAlive, results, reconnects } = harness()
    const busy = scriptedLink('ws://busy')
    keepAlive.addRelay(busy.link)
    keepAlive.pingAll()
    await vi.advanceTimersByTimeAsync(1000)
    busy.say(['EVENT', 'feed', { id: 'x' }])
    await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS)
    expect(results).toEqual([['ws://busy', { ok: false, responseMs: PONG_TIMEOUT_MS }]])
    expect(reconnects).toEqual([])
  })

  it('checks a relay that let a request go unanswered at once, not at the next round', async () => {
    vi.useFakeTimers()
    const { keepAlive, results, reconnects } = harness()
    const dead = scriptedLink('ws://dead')
    const other = scriptedLink('ws://other')
    const away = scriptedLink('ws://away')
    away.setConnected(false)
    for (const relay of [dead, other, away]) keepAlive.addRelay(relay.link)
    keepAlive.start()
    await vi.advanceTimersByTimeAsync(1000)
    keepAlive.check('ws://dead')
    keepAlive.check('ws://dead') // one ping at a time
    keepAlive.check('ws://away')
    keepAlive.check('ws://unknown')
    expect(dead.sent).toEqual([['REQ', dead.lastReq()![1], { ids: ['ab'.repeat(32)], limit: 1 }]])
    expect(other.sent).toEqual([])
    expect(away.sent).toEqual([])
    await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS)
    expect(reconnects).toEqual(['ws://dead'])
    expect(results).toEqual([['ws://dead', { ok: false, responseMs: PONG_TIMEOUT_MS }]])
    keepAlive.stop()
  })

  it('forgets a removed relay: no pings, no results, no reconnect, listeners detached', async () => {
    vi.useFakeTimers()
    const { keepAlive, results, reconnects } = harness()
    const relay = scriptedLink('ws://gone')
    keepAlive.addRelay(relay.link)
    keepAlive.pingAll()
    expect(relay.sent).toHaveLength(1)
    keepAlive.removeRelay('ws://gone')
    expect(relay.listening()).toBe(0)
    await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS + PING_INTERVAL_MS)
    keepAlive.pingAll()
    expect(relay.sent).toHaveLength(1)
    expect(results).toEqual([])
    expect(reconnects).toEqual([])
  })

  it('sends one ping at a time and none to a relay that is not connected', async () => {
    vi.useFakeTimers()
    const { keepAlive, results } = harness()
    const relay = scriptedLink('ws://a')
    const away = scriptedLink('ws://away')
    away.setConnected(false)
    keepAlive.addRelay(relay.link)
    keepAlive.addRelay(away.link)
    keepAlive.pingAll()
    keepAlive.pingAll()
    expect(relay.sent).toHaveLength(1)
    expect(away.sent).toEqual([])
    // The socket dropped while the ping was out: its machine handles that, not the keep-alive.
    relay.setConnected(false)
    await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS)
    expect(results).toEqual([])
  })

  it(`counts a relay silent for ${STALE_AFTER_MS / 1000} s as stale, even across its own reconnects`, async () => {
    vi.useFakeTimers()
    const { keepAlive, reconnects, stale } = harness()
    const relay = scriptedLink('ws://mute')
    keepAlive.addRelay(relay.link)
    keepAlive.start()
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS)
    // Each ping missed, the reconnect we asked for succeeds, and the relay stays mute.
    const missThenReconnect = async () => {
      await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS)
      relay.setConnected(true)
      await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS - PONG_TIMEOUT_MS)
    }
    for (let t = 2 * PING_INTERVAL_MS; t < STALE_AFTER_MS; t += PING_INTERVAL_MS) {
      await missThenReconnect()
    }
    expect(stale).toEqual([])
    expect(keepAlive.isStale('ws://mute')).toBe(false)
    await missThenReconnect()
    expect(stale).toEqual(['ws://mute'])
    expect(keepAlive.isStale('ws://mute')).toBe(true)
    expect(reconnects.length).toBeGreaterThanOrEqual(9)
    // Once it speaks it is fresh again; a later silence is reported again.
    relay.say(['NOTICE', 'hello'])
    expect(keepAlive.isStale('ws://mute')).toBe(false)
    keepAlive.stop()
  })

  it('starts a fresh silence when the user or pool reconnects the relay', async () => {
    vi.useFakeTimers()
    const { keepAlive, stale } = harness()
    const relay = scriptedLink('ws://a')
    relay.setConnected(false)
    keepAlive.addRelay(relay.link)
    await vi.advanceTimersByTimeAsync(STALE_AFTER_MS * 2)
    relay.setConnected(true)
    keepAlive.pingAll()
    expect(stale).toEqual([])
  })
})

describe('keep-alive against the real relay', () => {
  const SPEED = 50
  /** Real timers, every delay 50 times shorter and the clock 50 times faster. */
  const fastClock = (): KeepAliveClock => {
    const start = Date.now()
    return {
      now: () => start + (Date.now() - start) * SPEED,
      setTimeout: (run, ms) => setTimeout(run, ms / SPEED),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      setInterval: (run, ms) => setInterval(run, ms / SPEED),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    }
  }
  let relay: RelayHandle
  beforeAll(async () => {
    relay = await startRelay()
  })
  afterAll(() => relay.close())

  it('gets pongs, then on dropAll reports the misses, reconnects the socket and finally calls it stale', async () => {
    const relaySockets = createRelaySockets()
    const socket = createActor(relaySockets.machine, { input: { url: relay.url } })
    const results: RequestResult[] = []
    const stale: string[] = []
    const keepAlive = createKeepAlive({
      reconnect: () => reconnectSocket(socket),
      onResult: (_, result) => results.push(result),
      onStale: (url) => stale.push(url),
      clock: fastClock(),
    })
    keepAlive.addRelay(relaySockets.link(socket))
    socket.start()
    socket.send({ type: 'relay.connect' })
    try {
      await expect.poll(() => socket.getSnapshot().matches('connected')).toBe(true)
      keepAlive.start()
      // Two pongs back. Not every ping's: at this speed a pong is missed after 100 ms, which a
      // loaded machine can take (it failed so with both cores busy).
      await expect
        .poll(() => results.filter((result) => result.ok).length, { timeout: 5000 })
        .toBeGreaterThanOrEqual(2)
      expect(relay.stats().open).toBe(1)
      // Pings are closed after their EOSE: nothing piles up on the relay.
      const connections = relay.stats().connections

      const beforeDrop = results.length
      relay.setFaults({ dropAll: true })
      await expect
        .poll(() => relay.stats().connections, { timeout: 5000 })
        .toBeGreaterThan(connections)
      expect(results.slice(beforeDrop).some((result) => !result.ok)).toBe(true)
      await expect.poll(() => stale, { timeout: 12_000 }).toEqual([relay.url])

      relay.setFaults(undefined)
      const before = results.length
      await expect
        .poll(() => results.slice(before).some((result) => result.ok), { timeout: 5000 })
        .toBe(true)
      expect(keepAlive.isStale(relay.url)).toBe(false)
    } finally {
      keepAlive.stop()
      socket.stop()
    }
  })
})
