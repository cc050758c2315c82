/**
 * Relay hubs for tests, over real sockets: ws in Node, the real socket machine and hub, and the
 * verify API over a MessageChannel as the app runs it in its worker.
 */
import { expose, wrap } from 'comlink'
import { initNostrWasm } from 'nostr-wasm'
import { WebSocket } from 'ws'
import { createActor, waitFor } from 'xstate'
import {
  createRelayHub,
  type RelayHub,
  type RelayHubOptions,
} from '../../../src/actors/relay-hub.ts'
import { socketLink } from '../../../src/actors/socket-link.ts'
import { createVerifier, type Verifier } from '../../../src/actors/verifier.ts'
import { webSocketConnection } from '../../../src/actors/websocket-connection.ts'
import { socketMachine } from '../../../src/machines/socket.machine.ts'
import { createVerifyApi, type VerifyApi } from '../../../src/workers/verify-api.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

export function realHubs() {
  const channel = new MessageChannel()
  expose(createVerifyApi(initNostrWasm), channel.port1)
  const sockets: ReturnType<typeof createActor<typeof socketMachine>>[] = []
  return {
    /** A hub with a socket to each relay, connecting. */
    connect(
      urls: readonly string[],
      options: Partial<Omit<RelayHubOptions, 'verifier'>> = {},
    ): { hub: RelayHub; verifier: Verifier } {
      const verifier = createVerifier([wrap<VerifyApi>(channel.port2)])
      const hub = createRelayHub({ verifier, onRejected: () => {}, ...options })
      for (const url of urls) {
        const socket = createActor(
          socketMachine.provide({ actors: { connection: webSocketConnection } }),
          { input: { url } },
        )
        sockets.push(socket)
        hub.addRelay(socketLink(socket))
        socket.start()
        socket.send({ type: 'relay.connect' })
      }
      return { hub, verifier }
    },
    /**
     * Stops every socket opened so far; `whenConnected` first lets each connect (ws throws when a
     * socket still connecting is closed; browsers do not).
     */
    async stopSockets(whenConnected = false): Promise<void> {
      const open = sockets.splice(0)
      if (whenConnected) {
        await Promise.all(open.map((socket) => waitFor(socket, (s) => s.matches('connected'))))
      }
      for (const socket of open) socket.stop()
    },
    close(): void {
      channel.port1.close()
    },
  }
}
