// The early feed's page against real relays (ws sockets in Node, nostr-wasm's check); faults come
// from the relay wrapper.
import { generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import {
  askEarlyPage,
  EARLY_PAGE_MS,
  type EarlyPageDeps,
  type EarlyPageStep,
  type EarlySocketEvents,
} from '../../../../src/actors/feed/early-page.ts'
import { newestFirst } from '../../../../src/core/platform/event-order.ts'
import type { VerifyOne } from '../../../../src/core/relays/check-event.ts'
import { WARM_UP_EVENT } from '../../../../src/core/relays/warm-up-event.ts'
import { byAuthors, type RelayFaults } from '../../../peers/faults.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { noteAgo, wasmCheck } from './early-page-world.ts'

const alice = generateSecretKey()
const mallory = generateSecretKey()
const note = noteAgo
const verifyOne = wasmCheck

let relays: RelayHandle[] = []
afterEach(async () => {
  await Promise.all(relays.map((relay) => relay.close()))
  relays = []
})

/** Node's sockets, as the page's WebSocket is used; every one opened is kept. */
function sockets() {
  const opened: WebSocket[] = []
  /** Every frame the page has heard, in order. */
  const heard: string[] = []
  const connect = (url: string, req: string, events: EarlySocketEvents) => {
    const socket = new WebSocket(url)
    opened.push(socket)
    socket.on('open', () => {
      socket.send(req)
      events.asked()
    })
    socket.on('message', (data) => {
      heard.push(String(data))
      events.message(String(data))
    })
    socket.on('error', events.ended)
    socket.on('close', events.ended)
    return {
      send: (data: string) => socket.send(data),
      close: () => socket.close(),
      isOpen: () => socket.readyState === WebSocket.OPEN,
    }
  }
  return { opened, heard, connect }
}

/** Until the page has heard a frame with this event. */
const hasHeard = (heard: readonly string[], event: NostrEvent) =>
  vi.waitFor(() => expect(heard.some((frame) => frame.includes(event.id))).toBe(true))

/**
 * Runs the page, wanting `wanted` events; `handed` is what each call handed over, `timer` fires its
 * give-up at once when called, `marks` are its steps so far.
 */
function ask(
  urls: string[],
  connect: EarlyPageDeps['connect'],
  verify = verifyOne,
  wanted = Number.POSITIVE_INFINITY,
) {
  let giveUp: (() => void) | null = null
  const marks: EarlyPageStep[] = []
  const handed: string[][] = []
  const done = vi.fn<() => void>()
  const page = askEarlyPage(
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
    { settled: (leading) => handed.push(leading.map((event) => event.id)), done },
  )
  page.want(wanted)
  return { done, page, marks, handed, timer: () => giveUp?.() }
}

/** The ids of the events handed over so far: the last call's. */
const last = (handed: readonly string[][]) => handed.at(-1) ?? []
const newestIds = (events: NostrEvent[]) =>
  [...new Map(events.map((event) => [event.id, event])).values()]
    .sort(newestFirst)
    .map((event) => event.id)

const allClosed = (opened: WebSocket[]) =>
  vi.waitFor(() => expect(opened.every((s) => s.readyState === WebSocket.CLOSED)).toBe(true))

/** nostr-wasm's check, noting the id of each event it checks. */
async function countingChecks() {
  const checked: string[] = []
  const wasm = await verifyOne
  const counting = Promise.resolve<VerifyOne>((event) => {
    checked.push(event.id)
    return wasm(event)
  })
  return { checked, counting }
}

/** A relay of no stored events of its own: the test sends them, and their end, when it chooses. */
function heldRelay() {
  let send: ((frame: unknown[]) => void) | null = null
  const faults: RelayFaults = {
    rewrite: (frame) => (frame[0] === 'EOSE' ? null : frame),
    onReq: (subId, _filters, raw) => {
      send = (frame) => raw(JSON.stringify([frame[0], subId, ...frame.slice(1)]))
    },
  }
  return {
    seed: [],
    faults,
    asked: () => send !== null,
    send: (event: NostrEvent) => send?.(['EVENT', event]),
    end: () => send?.(['EOSE']),
  }
}

/**
 * Two relays each send one event, the first heard before the second is sent, and end: the page's
 * hand-overs, and the ids it checked.
 */
async function sentInTurn(first: NostrEvent, second: NostrEvent) {
  const held = [heldRelay(), heldRelay()]
  relays = await Promise.all(held.map((relay) => startRelay(relay)))
  const { checked, counting } = await countingChecks()
  const { heard, connect } = sockets()
  const { done, handed } = ask(
    relays.map((relay) => relay.url),
    connect,
    counting,
  )
  await vi.waitFor(() => expect(held.every((relay) => relay.asked())).toBe(true))
  held[0]!.send(first)
  await hasHeard(heard, first)
  held[1]!.send(second)
  for (const relay of held) relay.end()
  await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
  return { handed, checked }
}

describe('askEarlyPage', () => {
  it('hands over the checked page, newest first and each once, once every relay has ended, and closes its sockets', async () => {
    const first = [note(alice, 10), note(alice, 30)]
    const second = [note(alice, 20), note(alice, 40), first[0]!]
    relays = [await startRelay({ seed: first }), await startRelay({ seed: second })]
    const { opened, connect } = sockets()
    const { done, handed } = ask(
      relays.map((relay) => relay.url),
      connect,
    )
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    expect(last(handed)).toEqual(newestIds([...first, ...second]))
    // Each call hands the last one's and more.
    for (const [index, ids] of handed.entries())
      expect(ids.slice(0, handed[index - 1]?.length)).toEqual(handed[index - 1] ?? ids)
    await allClosed(opened)
  })

  it('hands over a note as soon as every relay has sent one no newer, before the slower relay has ended', async () => {
    const [n10, n20, n30] = [note(alice, 10), note(alice, 20), note(alice, 30)]
    const held = heldRelay()
    relays = [await startRelay({ seed: [n10, n30] }), await startRelay(held)]
    const { opened, connect } = sockets()
    const { done, handed, timer } = ask(
      relays.map((relay) => relay.url),
      connect,
    )
    await vi.waitFor(() => expect(opened[0]!.readyState).toBe(WebSocket.CLOSED))
    await vi.waitFor(() => expect(held.asked()).toBe(true))
    expect(handed).toEqual([])
    held.send(n20)
    // The note of 30 s ago waits: the unended relay may still send one of 25 s ago.
    await vi.waitFor(() => expect(last(handed)).toEqual([n10.id, n20.id]))
    expect(handed).toHaveLength(1)
    expect(done).not.toHaveBeenCalled()
    timer()
    expect(done).toHaveBeenCalledOnce()
    await allClosed(opened)
  })

  it('waits to its end for a relay that sends out of order, and gives the page up when one comes above what was handed over', async () => {
    const [n5, n10, n20, n30, n35, n40] = [5, 10, 20, 30, 35, 40].map((ago) => note(alice, ago))
    const [first, second] = [heldRelay(), heldRelay()]
    relays = [await startRelay(first), await startRelay(second)]
    const { opened, heard, connect } = sockets()
    const waited = ask(
      relays.map((relay) => relay.url),
      connect,
    )
    await vi.waitFor(() => expect(first.asked() && second.asked()).toBe(true))
    first.send(n10!)
    second.send(n40!)
    await vi.waitFor(() => expect(last(waited.handed)).toEqual([n10!.id]))
    // Out of order, below what was handed over: nothing more until that relay has ended.
    second.send(n35!)
    await hasHeard(heard, n35!)
    first.send(n30!)
    first.end()
    second.end()
    await vi.waitFor(() => expect(waited.done).toHaveBeenCalledOnce())
    expect(waited.handed).toEqual([[n10!.id], [n10!.id, n30!.id, n35!.id, n40!.id]])
    await allClosed(opened)

    // Above what was handed over: given up, what was handed over left as it was.
    const broken = heldRelay()
    relays.push(await startRelay(broken))
    const brokenSockets = sockets()
    const given = ask([relays[2]!.url], brokenSockets.connect)
    await vi.waitFor(() => expect(broken.asked()).toBe(true))
    broken.send(n10!)
    broken.send(n20!)
    await vi.waitFor(() => expect(last(given.handed)).toEqual([n10!.id, n20!.id]))
    broken.send(n5!)
    await vi.waitFor(() => expect(given.done).toHaveBeenCalledOnce())
    expect(last(given.handed)).toEqual([n10!.id, n20!.id])
    await allClosed(brokenSockets.opened)
  })

  it('marks each step once, in order: the first request out, the first event', async () => {
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
    expect(marks).toEqual(['asked', 'firstEvent'])
  })

  it('checks a signed note of its own once, when its first request is out and before any relay answers, and leaves it out of the page', async () => {
    const sent = [note(alice, 10), note(alice, 20)]
    relays = [await startRelay({ seed: [sent[0]!] }), await startRelay({ seed: [sent[1]!] })]
    const { checked, counting } = await countingChecks()
    const { opened, connect } = sockets()
    const { done, handed } = ask(
      relays.map((relay) => relay.url),
      connect,
      counting,
    )
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    expect(checked).toHaveLength(3)
    expect(checked[0]).toBe(WARM_UP_EVENT.id)
    expect(last(handed)).toEqual(newestIds(sent))
    await allClosed(opened)
  })

  it('checks one copy of a note that two relays sent', async () => {
    const shared = note(alice, 10)
    const { handed, checked } = await sentInTurn(shared, shared)
    expect(handed).toEqual([[shared.id]])
    expect(checked.filter((id) => id === shared.id)).toHaveLength(1)
  })

  it('checks an event only once it is wanted and has settled, and is done once all is handed over', async () => {
    const [n10, n20, n30] = [note(alice, 10), note(alice, 20), note(alice, 30)]
    relays = [await startRelay({ seed: [n10, n30] }), await startRelay({ seed: [n20] })]
    const { checked, counting } = await countingChecks()
    const { opened, connect } = sockets()
    const { done, handed, page } = ask(
      relays.map((relay) => relay.url),
      connect,
      counting,
      1,
    )
    await vi.waitFor(() => expect(handed).toEqual([[n10.id]]))
    // Every relay has ended: all has settled, and only what was wanted is checked.
    await allClosed(opened)
    expect(checked).toEqual([WARM_UP_EVENT.id, n10.id])
    expect(done).not.toHaveBeenCalled()
    page.want(2)
    await vi.waitFor(() => expect(handed).toEqual([[n10.id], [n10.id, n20.id]]))
    expect(done).not.toHaveBeenCalled()
    page.want(Number.POSITIVE_INFINITY)
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    expect(last(handed)).toEqual([n10.id, n20.id, n30.id])
    expect(checked).toEqual([WARM_UP_EVENT.id, n10.id, n20.id, n30.id])
  })

  it('hands over a note whose forged copy another relay sent first', async () => {
    const true10 = note(alice, 10)
    const flipped = true10.sig.endsWith('0') ? '1' : '0'
    const forged10 = { ...true10, sig: `${true10.sig.slice(0, -1)}${flipped}` }
    const { handed, checked } = await sentInTurn(forged10, true10)
    expect(handed).toEqual([[true10.id]])
    expect(checked.filter((id) => id === true10.id)).toHaveLength(2)
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
    const { done, handed } = ask([relays[0]!.url], connect)
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    expect(last(handed)).toEqual(newestIds(honest))
  })

  it('hands over nothing while a relay has sent nothing, and gives up in time', async () => {
    relays = [
      await startRelay({ seed: [note(alice, 10)] }),
      await startRelay({ seed: [note(alice, 20)], faults: { dropAll: true } }),
    ]
    const { opened, connect } = sockets()
    const { done, handed, timer } = ask(
      relays.map((relay) => relay.url),
      connect,
    )
    // The answering relay has ended: its socket closes, the silent one's stays open.
    await vi.waitFor(() => expect(opened[0]!.readyState).toBe(WebSocket.CLOSED))
    expect(opened[1]!.readyState).toBe(WebSocket.OPEN)
    expect(done).not.toHaveBeenCalled()
    timer()
    await allClosed(opened)
    expect(done).toHaveBeenCalledOnce()
    expect(handed).toEqual([])
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
    const { done, handed } = ask([relays[0]!.url], connect)
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    // Its one stored note and the first nine of the flood.
    expect(last(handed)).toHaveLength(10)
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
    const { done, handed } = ask(
      relays.map((relay) => relay.url),
      connect,
    )
    await allClosed(opened)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(done).toHaveBeenCalledOnce()
    expect(handed).toEqual([])
  })

  it('calls nothing once stopped', async () => {
    relays = [await startRelay({ seed: [note(alice, 10)], faults: { delayMs: 200 } })]
    const { opened, connect } = sockets()
    const { done, handed, page } = ask([relays[0]!.url], connect)
    page.stop()
    await allClosed(opened)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(done).not.toHaveBeenCalled()
    expect(handed).toEqual([])
  })
})
