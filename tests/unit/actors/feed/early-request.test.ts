// The early request against real relays (ws sockets in Node, as the page's WebSocket is used),
// taken over by the early page (early-page.ts) with nostr-wasm's check; faults come from the
// relay wrapper.
import { generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import {
  askEarlyPage,
  EARLY_SUB_ID,
  type EarlySocket,
  type EarlySocketEvents,
  FRAMES_KEPT,
} from '../../../../src/actors/feed/early-page.ts'
import {
  type EarlyRequest,
  type EarlyStartHanded,
  handOverEarlyStart,
  type PageSocket,
  sendEarlyRequest,
  TAKE_WITHIN_MS,
  takeEarlyStart,
} from '../../../../src/actors/feed/early-request.ts'
import { newestFirst } from '../../../../src/core/platform/event-order.ts'
import { reqMessage } from '../../../../src/core/relays/nip01.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { noteAgo, wasmCheck } from './early-page-world.ts'

const alice = generateSecretKey()
const note = (ago: number): NostrEvent => noteAgo(alice, ago)
const filters = [{ kinds: [1, 6], limit: 10 }]
const req = reqMessage(EARLY_SUB_ID, filters)

const verifyOne = wasmCheck

let relays: RelayHandle[] = []
afterEach(async () => {
  await Promise.all(relays.map((relay) => relay.close()))
  relays = []
})

/** Sends the request to these relays on Node's sockets; `expire` runs its timer now. */
function send(urls: string[], open = (url: string) => new WebSocket(url)) {
  const opened: WebSocket[] = []
  let expire = () => {}
  const asked = vi.fn<() => void>()
  const request = sendEarlyRequest({
    urls,
    req,
    open: (url) => {
      const socket = open(url)
      opened.push(socket)
      // Node's socket has the page's WebSocket's handlers and states.
      return socket as unknown as PageSocket
    },
    asked,
    later: (run, ms) => {
      expect(ms).toBe(TAKE_WITHIN_MS)
      expire = run
    },
  })
  return { request, opened, asked, expire: () => expire() }
}

/** The early page on the sockets the request took, else on none (a relay left out is not read). */
function takeOver(request: EarlyRequest, urls: string[]) {
  const handed: string[][] = []
  const done = vi.fn<() => void>()
  askEarlyPage(
    {
      relays: urls,
      filters,
      connect: (url, sent, events) => {
        const take = request.take(url, sent)
        if (!take) throw new Error(`no early socket to ${url}`)
        return take(events)
      },
      verifyOne,
      nowMs: Date.now,
      later: () => () => {},
      mark: () => {},
    },
    { settled: (leading) => handed.push(leading.map((event) => event.id)), done },
  ).want(Number.POSITIVE_INFINITY)
  return { handed, done }
}

const allClosed = (opened: WebSocket[]) =>
  vi.waitFor(() => expect(opened.every((s) => s.readyState === WebSocket.CLOSED)).toBe(true))

describe('sendEarlyRequest', () => {
  it('asks each relay once its socket opens; the early page, taking the sockets once they have answered, reads the whole page from them, asked nothing again', async () => {
    const first = [note(10), note(30)]
    const second = [note(20), note(40)]
    relays = [await startRelay({ seed: first }), await startRelay({ seed: second })]
    const urls = relays.map((relay) => relay.url)
    const { request, opened, asked } = send(urls)
    await vi.waitFor(() => expect(relays.map((relay) => relay.stats().reqs)).toEqual([1, 1]))
    expect(asked).toHaveBeenCalledTimes(2)
    // Whatever the relays said meanwhile is kept for the page.
    await new Promise((done) => setTimeout(done, 100))

    const { handed, done } = takeOver(request, urls)
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    expect(handed.at(-1)).toEqual([...first, ...second].sort(newestFirst).map((e) => e.id))
    expect(relays.map((relay) => relay.stats())).toMatchObject([
      { reqs: 1, connections: 1 },
      { reqs: 1, connections: 1 },
    ])
    // Taken once: the page closed them once every relay had ended.
    expect(request.take(urls[0]!, req)).toBeNull()
    await allClosed(opened)
  })

  it('hands a socket taken before it opened what it hears from then on, in order', async () => {
    relays = [await startRelay({ seed: [note(10), note(20)], faults: { openDelayMs: 200 } })]
    const urls = [relays[0]!.url]
    const { request, opened } = send(urls)
    const { handed, done } = takeOver(request, urls)
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    expect(handed.at(-1)).toHaveLength(2)
    expect(relays[0]!.stats().reqs).toBe(1)
    await allClosed(opened)
  })

  it('gives a socket only to the same request, and closes what is not taken: on release, or at its time', async () => {
    relays = [await startRelay({ seed: [note(10)] }), await startRelay({ seed: [note(20)] })]
    const urls = relays.map((relay) => relay.url)
    const other = reqMessage(EARLY_SUB_ID, [{ kinds: [1], limit: 10 }])

    const released = send(urls)
    expect(released.request.take(urls[0]!, other)).toBeNull()
    expect(released.request.take('wss://elsewhere.example', req)).toBeNull()
    released.request.release()
    await allClosed(released.opened)
    // Released: none is left to take.
    expect(released.request.take(urls[0]!, req)).toBeNull()

    // Released before they opened: never asked.
    const expired = send(urls)
    await vi.waitFor(() => expect(relays.map((relay) => relay.stats().reqs)).toEqual([1, 1]))
    const taken = expired.request.take(urls[0]!, req)
    expect(taken).not.toBeNull()
    expired.expire()
    await vi.waitFor(() => expect(expired.opened[1]!.readyState).toBe(WebSocket.CLOSED))
    expect(expired.opened[0]!.readyState).toBe(WebSocket.OPEN)
    expired.opened[0]!.close()
  })

  it('opens no socket to a URL the browser refuses, and the others all the same', async () => {
    relays = [await startRelay({ seed: [note(10)] })]
    const url = relays[0]!.url
    const { request, opened } = send(['wss://refused.example', url], (to) => {
      if (to !== url) throw new SyntaxError('refused')
      return new WebSocket(to)
    })
    expect(opened).toHaveLength(1)
    expect(request.take('wss://refused.example', req)).toBeNull()
    await vi.waitFor(() => expect(relays[0]!.stats().reqs).toBe(1))
    request.release()
    await allClosed(opened)
  })

  it("keeps what a flooding relay says only to the early page's bound and one frame more, closing its socket then, and the page gives that relay up", async () => {
    const flood = Array.from({ length: FRAMES_KEPT * 3 }, (_, i) => note(100 + i))
    relays = [
      await startRelay({
        seed: [],
        faults: {
          onReq: (subId, _filters, raw) => {
            for (const event of flood) raw(JSON.stringify(['EVENT', subId, event]))
          },
        },
      }),
    ]
    const url = relays[0]!.url
    const { request, opened } = send([url])
    await vi.waitFor(() => expect(relays[0]!.stats().reqs).toBe(1))
    // Closed before it is taken: the rest of the flood is not heard on the page's thread.
    await allClosed(opened)
    const take = request.take(url, req)
    if (!take) throw new Error('no early socket')
    const messages: unknown[] = []
    const ended = vi.fn<() => void>()
    const events: EarlySocketEvents = {
      asked: () => {},
      message: (data) => messages.push(data),
      ended,
    }
    const socket: EarlySocket = take(events)
    await vi.waitFor(() => expect(ended).toHaveBeenCalledOnce())
    expect(messages).toHaveLength(FRAMES_KEPT + 1)
    expect(socket.isOpen()).toBe(false)

    // The early page on such a socket gives the page up.
    const again = send([url])
    await vi.waitFor(() => expect(relays[0]!.stats().reqs).toBe(2))
    await new Promise((done) => setTimeout(done, 200))
    const { handed, done } = takeOver(again.request, [url])
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    expect(handed).toEqual([])
    await allClosed(again.opened)
  })

  it('replays a relay that closed before it was taken: the page is done, with nothing', async () => {
    relays = [await startRelay({ seed: [note(10)], faults: { dropAll: true } })]
    const url = relays[0]!.url
    const { request, opened } = send([url])
    await vi.waitFor(() => expect(relays[0]!.stats().reqs).toBe(1))
    await relays[0]!.close()
    await allClosed(opened)
    relays = []
    const { handed, done } = takeOver(request, [url])
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    expect(handed).toEqual([])
  })
})

describe('the hand-over', () => {
  it("gives what the page's first script began to the start-up script once; where it began nothing, null", () => {
    expect(takeEarlyStart()).toBeNull()
    const handed: EarlyStartHanded = { take: () => null, release: () => {}, verifyOne }
    handOverEarlyStart(handed)
    expect(takeEarlyStart()).toBe(handed)
    expect(takeEarlyStart()).toBeNull()
  })
})
