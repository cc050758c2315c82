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
} from '../../../../src/actors/relays/relay-hub.ts'
import { createRelaySockets } from '../../../../src/actors/relays/socket.effects.ts'
import { createVerifier, type Verifier } from '../../../../src/actors/relays/verifier.ts'
import type { RelayEntry } from '../../../../src/core/relays/relay-list.ts'
import type { RelayPermission } from '../../../../src/core/relays/relay-permission.ts'
import {
  type RelayPoolActorRef,
  relayPoolMachine,
} from '../../../../src/machines/relay-pool.machine.ts'
import type { socketMachine } from '../../../../src/machines/socket.machine.ts'
import { createVerifyApi, type VerifyApi } from '../../../../src/workers/verify-api.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

export function realHubs() {
  const channel = new MessageChannel()
  expose(createVerifyApi(initNostrWasm), channel.port1)
  // One proxy, held as long as the hubs: Comlink closes the exposed port once all its proxies
  // are collected (relay-hub.test.ts).
  const verifyApi = wrap<VerifyApi>(channel.port2)
  const sockets: ReturnType<typeof createActor<typeof socketMachine>>[] = []
  return {
    /**
     * A hub with a socket to each relay, connecting; `connected` waits until every one is open
     * (a request sent before that waits for the socket, within the hub's own deadlines).
     */
    connect(
      urls: readonly string[],
      options: Partial<Omit<RelayHubOptions, 'verifier'>> = {},
    ): { hub: RelayHub; verifier: Verifier; connected(): Promise<void> } {
      const verifier = createVerifier([verifyApi])
      const hub = createRelayHub({ verifier, onRejected: () => {}, ...options })
      const mine = urls.map((url) => {
        // A set of its own per socket: two hubs on one relay must not hear each other.
        const relaySockets = createRelaySockets()
        const socket = createActor(relaySockets.machine, { input: { url } })
        sockets.push(socket)
        hub.addRelay(relaySockets.link(socket))
        socket.start()
        socket.send({ type: 'relay.connect' })
        return socket
      })
      const connected = async () => {
        await Promise.all(mine.map((socket) => waitFor(socket, (s) => s.matches('connected'))))
      }
      return { hub, verifier, connected }
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

/**
 * A started pool of real sockets linked to a hub as the app links them: each socket joins the hub
 * as the pool opens it, with the permission its pool entry has now (`permission` once the entry is
 * gone) and connecting through the pool. The caller stops the pool.
 */
export function linkedPool(
  verifier: Verifier,
  relays: RelayEntry[],
  options: { hub?: Partial<Omit<RelayHubOptions, 'verifier'>>; permission?: RelayPermission } = {},
): { pool: RelayPoolActorRef; hub: RelayHub } {
  const hub = createRelayHub({ verifier, onRejected: () => {}, ...options.hub })
  const fallback = options.permission ?? 'readwrite'
  const relaySockets = createRelaySockets()
  const pool = createActor(relayPoolMachine.provide({ actors: { socket: relaySockets.machine } }), {
    input: { relays },
  })
  const linked = new Set<unknown>()
  pool.subscribe(({ context }) => {
    for (const socket of context.sockets) {
      if (linked.has(socket)) continue
      linked.add(socket)
      const url = socket.getSnapshot().context.url
      hub.addRelay({
        ...relaySockets.link(socket),
        permission: () =>
          pool.getSnapshot().context.entries.find((e) => e.url === url)?.permission ?? fallback,
        connect: () => pool.send({ type: 'pool.connect', url }),
      })
    }
  })
  pool.start()
  return { pool, hub }
}
