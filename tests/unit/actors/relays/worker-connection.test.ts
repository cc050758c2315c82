// The socket machine's connection over the relay-socket worker: the worker's host on the far end
// of a real MessageChannel (as between threads), ws for its WebSockets, a real relay, the real
// socket machine and hub.
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { initNostrWasm } from 'nostr-wasm'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { createRelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import { relaySocketLinks } from '../../../../src/actors/relays/socket.effects.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { workerConnection } from '../../../../src/actors/relays/worker-connection.ts'
import type { DropReason } from '../../../../src/core/relays/untrusted-input.ts'
import { MAX_FRAME_CHARS } from '../../../../src/core/relays/untrusted-input.ts'
import { connectionClosedError, socketMachine } from '../../../../src/machines/socket.machine.ts'
import { createVerifyApi } from '../../../../src/workers/verify-api.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { workerPorts } from './worker-ports.ts'

const key = generateSecretKey()
const note = (content: string, ago: number): NostrEvent =>
  finalizeEvent(
    { kind: 1, created_at: Math.floor(Date.now() / 1000) - ago, tags: [], content },
    key,
  )

let relay: RelayHandle
let ports: ReturnType<typeof workerPorts>
const started: Array<{ stop(): void }> = []
afterEach(async () => {
  for (const socket of started.splice(0)) socket.stop()
  ports.close()
  await relay.close()
})

function sockets() {
  ports = workerPorts()
  const links = relaySocketLinks(workerConnection(ports.open))
  const machine = socketMachine.provide(links.effects)
  const connect = async (url: string) => {
    const socket = createActor(machine, { input: { url } })
    started.push(socket)
    socket.start()
    socket.send({ type: 'relay.connect' })
    await waitFor(socket, (state) => state.matches('connected'))
    return socket
  }
  return { links, machine, connect }
}

describe('the connection over the relay-socket worker', () => {
  it('hands the hub every frame but one over the cap, which is counted against the relay as oversized', async () => {
    const big = note('big', 30)
    relay = await startRelay({
      seed: [note('small', 60), big],
      faults: {
        rewrite: (frame) =>
          frame[0] === 'EVENT' && (frame[2] as NostrEvent).id === big.id
            ? [frame[0], frame[1], { ...big, content: 'x'.repeat(MAX_FRAME_CHARS) }]
            : frame,
      },
    })
    const { links, machine } = sockets()
    const dropped: Array<[string, DropReason]> = []
    const longest: number[] = []
    links.onMessage(relay.url, (data) => longest.push(data.length))
    const verifier = createVerifier([createVerifyApi(initNostrWasm)])
    const hub = createRelayHub({
      verifier,
      onRejected: () => {},
      onDropped: (url, reason) => dropped.push([url, reason]),
    })
    const socket = createActor(machine, { input: { url: relay.url } })
    started.push(socket)
    hub.addRelay(links.link(socket))
    socket.start()
    socket.send({ type: 'relay.connect' })
    const events = await hub.query([{ kinds: [1] }])
    expect(events.map((event) => event.content)).toEqual(['small'])
    expect(dropped).toEqual([[relay.url, 'oversized']])
    // The frame itself never crossed.
    expect(Math.max(...longest)).toBeLessThanOrEqual(MAX_FRAME_CHARS)
  })

  it('opens one port for every socket, with the first', async () => {
    relay = await startRelay()
    const { connect } = sockets()
    expect(ports.opened()).toBe(0)
    await connect(relay.url)
    await connect(relay.url)
    expect(ports.opened()).toBe(1)
    await expect.poll(() => relay.stats().open).toBe(2)
  })

  it('closes like a WebSocket: asked to, dropped by the relay, and when the actor stops', async () => {
    relay = await startRelay()
    const { connect } = sockets()
    const asked = await connect(relay.url)
    asked.send({ type: 'relay.disconnect' })
    await waitFor(asked, (state) => state.matches('disconnected'))
    expect(asked.getSnapshot().context.lastError).toBeNull()

    const dropped = await connect(relay.url)
    await relay.stop()
    await waitFor(dropped, (state) => !state.matches('connected'))
    expect(dropped.getSnapshot().context.lastError).toBe(connectionClosedError(relay.url, 1006, ''))
    dropped.stop()
    await relay.start()

    const stopped = await connect(relay.url)
    await expect.poll(() => relay.stats().open).toBe(1)
    stopped.stop()
    await expect.poll(() => relay.stats().open).toBe(0)
  })

  it('a worker that fails closes its sockets abnormally; the next socket opens on a new one', async () => {
    relay = await startRelay()
    const { connect } = sockets()
    const socket = await connect(relay.url)
    ports.fail()
    await waitFor(socket, (state) => !state.matches('connected'))
    expect(socket.getSnapshot().context.lastError).toBe(connectionClosedError(relay.url, 1006, ''))
    await connect(relay.url)
    expect(ports.opened()).toBe(2)
  })
})
