// The early feed's page against real relays (ws sockets in Node, nostr-wasm's check); faults come
// from the relay wrapper.
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { initNostrWasm } from 'nostr-wasm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import {
  askEarlyPage,
  EARLY_PAGE_MS,
  type EarlyPageDeps,
  type EarlyPageStep,
  type EarlySocketEvents,
} from '../../../../src/actors/feed/early-page.ts'
import type { VerifyOne } from '../../../../src/core/relays/check-event.ts'
import { WARM_UP_EVENT } from '../../../../src/core/relays/warm-up-event.ts'
import { byAuthors } from '../../../peers/faults.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'

const alice = generateSecretKey()
const mallory = generateSecretKey()
const now = Math.floor(Date.now() / 1000)
const note = (key: Uint8Array, ago: number): NostrEvent =>
  finalizeEvent({ kind: 1, created_at: now - ago, tags: [], content: `${ago}s ago` }, key)

const verifyOne: Promise<VerifyOne> = initNostrWasm().then(
  (wasm) => (event) => wasm.verifyEvent(event),
)

let relays: RelayHandle[] = []
afterEach(async () => {
  await Promise.all(relays.map((relay) => relay.close()))
  relays = []
})

/** Node's sockets, as the page's WebSocket is used; every one opened is kept. */
function sockets() {
  const opened: WebSocket[] = []
  const connect = (url: string, events: EarlySocketEvents) => {
    const socket = new WebSocket(url)
    opened.push(socket)
    socket.on('open', events.opened)
    socket.on('message', (data) => events.message(String(data)))
    socket.on('error', events.ended)
    socket.on('close', events.ended)
    return {
      send: (data: string) => socket.send(data),
      close: () => socket.close(),
      isOpen: () => socket.readyState === WebSocket.OPEN,
    }
  }
  return { opened, connect }
}

/** Runs the page; `timer` fires its give-up at once when called; `marks` are its steps so far. */
function ask(urls: string[], connect: EarlyPageDeps['connect'], verify = verifyOne) {
  let giveUp: (() => void) | null = null
  const marks: EarlyPageStep[] = []
  const done = vi.fn<(events: NostrEvent[] | null) => void>()
  const stop = askEarlyPage(
    {
      relays: urls,
      filters: [{ kinds: [1, 6], limit: 10 }],
      connect,
      verifyOne: verify,
      nowMs: Date.now,
      later: (run, ms) => {
        expect(ms).toBe(EARLY_PAGE_MS)
        giveUp = run
        return () => {
          giveUp = null
        }
      },
      mark: (step) => marks.push(step),
    },
    done,
  )
  return { done, stop, marks, timer: () => giveUp?.() }
}

/** The events handed over the first time; throws when the page was given up instead. */
function handed(done: ReturnType<typeof ask>['done']): NostrEvent[] {
  const [events] = done.mock.calls[0] ?? []
  if (!events) throw new Error('the page was given up')
  return events
}

const allClosed = (opened: WebSocket[]) =>
  vi.waitFor(() => expect(opened.every((s) => s.readyState === WebSocket.CLOSED)).toBe(true))

describe('askEarlyPage', () => {
  it('hands over the checked page once every relay has ended, and closes its sockets', async () => {
    const first = [note(alice, 10), note(alice, 30)]
    const second = [note(alice, 20), note(alice, 40), first[0]!]
    relays = [await startRelay({ seed: first }), await startRelay({ seed: second })]
    const { opened, connect } = sockets()
    const { done } = ask(
      relays.map((relay) => relay.url),
      connect,
    )
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    const got = handed(done)
      .map((event) => event.id)
      .sort()
    expect(got).toEqual([...first, ...second].map((event) => event.id).sort())
    await allClosed(opened)
  })

  it('marks each step once, in order: the first request out, the first event, every relay ended', async () => {
    relays = [
      await startRelay({ seed: [note(alice, 10), note(alice, 30)] }),
      await startRelay({ seed: [note(alice, 20)] }),
    ]
    const { connect } = sockets()
    const { done, marks } = ask(
      relays.map((relay) => relay.url),
      connect,
    )
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    expect(marks).toEqual(['asked', 'firstEvent', 'ended'])
  })

  it('checks a signed note of its own once, when its first request is out and before any relay answers, and leaves it out of the page', async () => {
    relays = [
      await startRelay({ seed: [note(alice, 10)] }),
      await startRelay({ seed: [note(alice, 20)] }),
    ]
    const checked: string[] = []
    const wasm = await verifyOne
    const counting = Promise.resolve<VerifyOne>((event) => {
      checked.push(event.id)
      wasm(event)
    })
    const { opened, connect } = sockets()
    const { done } = ask(
      relays.map((relay) => relay.url),
      connect,
      counting,
    )
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    expect(checked).toHaveLength(3)
    expect(checked[0]).toBe(WARM_UP_EVENT.id)
    expect(handed(done).map((event) => event.content)).toEqual(
      expect.arrayContaining(['10s ago', '20s ago']),
    )
    expect(handed(done)).toHaveLength(2)
    await allClosed(opened)
  })

  it("drops a forger's events and keeps its honest neighbours", async () => {
    const honest = [note(alice, 10), note(alice, 20)]
    const forged = [note(mallory, 15)]
    relays = [
      await startRelay({
        seed: [...honest, ...forged],
        faults: { corruptSignatures: byAuthors(forged[0]!.pubkey) },
      }),
    ]
    const { connect } = sockets()
    const { done } = ask([relays[0]!.url], connect)
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    const got = handed(done)
      .map((event) => event.id)
      .sort()
    expect(got).toEqual(honest.map((event) => event.id).sort())
  })

  it('hands over nothing while a relay has not ended, and gives up in time', async () => {
    relays = [
      await startRelay({ seed: [note(alice, 10)] }),
      await startRelay({ seed: [note(alice, 20)], faults: { dropAll: true } }),
    ]
    const { opened, connect } = sockets()
    const { done, timer, marks } = ask(
      relays.map((relay) => relay.url),
      connect,
    )
    // The answering relay has ended: its socket closes, the silent one's stays open.
    await vi.waitFor(() => expect(opened[0]!.readyState).toBe(WebSocket.CLOSED))
    expect(opened[1]!.readyState).toBe(WebSocket.OPEN)
    expect(done).not.toHaveBeenCalled()
    timer()
    await allClosed(opened)
    expect(done.mock.calls).toEqual([[null]])
    expect(marks).not.toContain('ended')
  })

  it('counts no more events from a relay than the page asked for', async () => {
    const flood = Array.from({ length: 20 }, (_, i) => note(alice, 100 + i))
    relays = [
      await startRelay({
        seed: [note(alice, 1)],
        faults: {
          // Its own EOSE held back: the flood comes first, as stored events.
          rewrite: (frame) => (frame[0] === 'EOSE' ? null : frame),
          onReq: (subId, _filters, send) => {
            for (const event of flood) send(JSON.stringify(['EVENT', subId, event]))
            send(JSON.stringify(['EOSE', subId]))
          },
        },
      }),
    ]
    const { connect } = sockets()
    const { done } = ask([relays[0]!.url], connect)
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    // Its one stored note and the first nine of the flood.
    expect(handed(done)).toHaveLength(10)
  })

  it('gives the page up when a relay sends more than it may before its end of stored events', async () => {
    const flood = Array.from({ length: 40 }, (_, i) => note(alice, 100 + i))
    relays = [
      await startRelay({ seed: [note(alice, 1)] }),
      await startRelay({
        seed: [],
        faults: {
          rewrite: (frame) => (frame[0] === 'EOSE' ? null : frame),
          onReq: (subId, _filters, send) => {
            for (const event of flood) send(JSON.stringify(['NOTICE', event.content]))
            send(JSON.stringify(['EOSE', subId]))
          },
        },
      }),
    ]
    const { opened, connect } = sockets()
    const { done } = ask(
      relays.map((relay) => relay.url),
      connect,
    )
    await allClosed(opened)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(done.mock.calls).toEqual([[null]])
  })

  it('calls nothing once stopped', async () => {
    relays = [await startRelay({ seed: [note(alice, 10)], faults: { delayMs: 200 } })]
    const { opened, connect } = sockets()
    const { done, stop } = ask([relays[0]!.url], connect)
    stop()
    await allClosed(opened)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(done).not.toHaveBeenCalled()
  })
})
