// The network comes back: the pool's relays, wired as the app wires them (actors/system/relays.ts),
// try at once rather than wait out their reconnect backoff, when the browser says 'online' or a
// request wants them.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { waitFor } from 'xstate'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { socketId } from '../../../../src/machines/relay-pool.machine.ts'
import {
  RECONNECT_DELAY_UNIT_MS,
  type SocketActorRef,
} from '../../../../src/machines/socket.machine.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'
import { appRelays } from './app-relays.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

let relay: RelayHandle
beforeAll(async () => {
  relay = await startRelay()
})
afterAll(async () => {
  closeVerifyApi()
  await relay.close()
})

/** The relay goes away: its socket's first reconnect try is refused, and the second waits 6 s. */
async function goAway(socket: SocketActorRef) {
  await relay.stop()
  const waiting = await waitFor(
    socket,
    (s) => s.matches({ reconnecting: 'backoff' }) && s.context.reconnectTry === 2,
    { timeout: 10_000 },
  )
  expect(waiting.context.lastError).not.toBeNull()
}

it("a relay waiting out its backoff connects at once when the browser's network is back", async () => {
  const network = new EventTarget()
  const relays = await appRelays(
    createVerifier([verifyApi]),
    [{ url: relay.url, permission: 'read' }],
    undefined,
    network,
  )
  try {
    const socket = relays.pool.getSnapshot().children[socketId(relay.url)]!
    await goAway(socket)
    await relay.start()
    const back = Date.now()
    network.dispatchEvent(new Event('online'))
    await waitFor(socket, (s) => s.matches('connected'), { timeout: 10_000 })
    // Well inside the 6 s it was to wait.
    expect(Date.now() - back).toBeLessThan(RECONNECT_DELAY_UNIT_MS)
  } finally {
    await relays.stop()
  }
})

it('a request for a relay waiting out its reconnect backoff has it try now', async () => {
  const relays = await appRelays(createVerifier([verifyApi]), [
    { url: relay.url, permission: 'read' },
  ])
  try {
    const socket = relays.pool.getSnapshot().children[socketId(relay.url)]!
    await goAway(socket)
    // Back, but nothing tells the app (a server restarted, a tunnel ended): the app asks.
    await relay.start()
    const back = Date.now()
    const asked = relays.hub.query([{ kinds: [1], limit: 1 }])
    await waitFor(socket, (s) => s.matches('connected'), { timeout: 10_000 })
    expect(Date.now() - back).toBeLessThan(RECONNECT_DELAY_UNIT_MS)
    await asked.catch(() => [])
  } finally {
    await relays.stop()
  }
})
