// What relays send reaches the listeners of their URL straight from the WebSocket (the socket
// machine does not see it): real relay, real socket machine, ws for the WebSocket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createActor, waitFor } from 'xstate'
import { createRelaySockets } from '../../../../src/actors/relays/socket.effects.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'

Object.assign(globalThis, { WebSocket })

let relay: RelayHandle
beforeAll(async () => {
  relay = await startRelay()
})
afterAll(() => relay.close())

async function connected(sockets: ReturnType<typeof createRelaySockets>) {
  const socket = createActor(sockets.machine, { input: { url: relay.url } })
  socket.start()
  socket.send({ type: 'relay.connect' })
  await waitFor(socket, (state) => state.matches('connected'))
  return { socket, link: sockets.link(socket) }
}

const eose = (id: string) => JSON.stringify(['EOSE', id])

describe('relay sockets', () => {
  it("hands each message to its relay's listeners, in order, until they unsubscribe", async () => {
    const sockets = createRelaySockets()
    const { socket, link } = await connected(sockets)
    const heard: string[] = []
    const alsoHeard: string[] = []
    const stop = link.onMessage((data) => heard.push(data))
    sockets.onMessage(relay.url, (data) => alsoHeard.push(data))
    link.send(JSON.stringify(['REQ', 'a', { kinds: [1], limit: 0 }]))
    link.send(JSON.stringify(['REQ', 'b', { kinds: [1], limit: 0 }]))
    await expect.poll(() => heard).toEqual([eose('a'), eose('b')])
    expect(alsoHeard).toEqual(heard)
    stop()
    link.send(JSON.stringify(['REQ', 'c', { kinds: [1], limit: 0 }]))
    await expect.poll(() => alsoHeard.at(-1)).toBe(eose('c'))
    expect(heard).toEqual([eose('a'), eose('b')])
    socket.stop()
  })

  it('a stopped socket says nothing more, and another set on the same relay hears only its own', async () => {
    const mine = createRelaySockets()
    const theirs = createRelaySockets()
    const a = await connected(mine)
    const b = await connected(theirs)
    const heardA: string[] = []
    const heardB: string[] = []
    a.link.onMessage((data) => heardA.push(data))
    b.link.onMessage((data) => heardB.push(data))
    b.link.send(JSON.stringify(['REQ', 'theirs', { kinds: [1], limit: 0 }]))
    a.link.send(JSON.stringify(['REQ', 'mine', { kinds: [1], limit: 0 }]))
    await expect.poll(() => heardA).toEqual([eose('mine')])
    expect(heardB).toEqual([eose('theirs')])

    a.socket.send({ type: 'relay.disconnect' })
    await waitFor(a.socket, (state) => state.matches('disconnected'))
    a.link.send(JSON.stringify(['REQ', 'late', { kinds: [1], limit: 0 }]))
    b.link.send(JSON.stringify(['REQ', 'later', { kinds: [1], limit: 0 }]))
    await expect.poll(() => heardB.at(-1)).toBe(eose('later'))
    expect(heardA).toEqual([eose('mine')])
    a.socket.stop()
    b.socket.stop()
  })
})
