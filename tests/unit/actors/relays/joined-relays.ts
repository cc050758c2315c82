/**
 * Relays outside the pool, for routing tests: until the hub opens short-lived connections itself,
 * a test joins the relays a request names (people's inbox relays, a 10019's relays) to the hub
 * directly, over real sockets, and asserts which relays received what. The hub is recorded as it
 * is asked (the relays and the reason of each request), every call passed on unchanged.
 */
import { createActor, waitFor } from 'xstate'
import type { RelayHub, RequestOptions } from '../../../../src/actors/relays/relay-hub.ts'
import { createRelaySockets } from '../../../../src/actors/relays/socket.effects.ts'
import type { RelayPermission } from '../../../../src/core/relays/relay-permission.ts'
import type { socketMachine } from '../../../../src/machines/socket.machine.ts'

export interface JoinedRelay {
  url: string
  /** Absent: readwrite. */
  permission?: RelayPermission
}

/** Real sockets to these relays, added to the hub and connecting; `stop` closes them. */
export function joinRelays(hub: Pick<RelayHub, 'addRelay'>, relays: readonly JoinedRelay[]) {
  const sockets: ReturnType<typeof createActor<typeof socketMachine>>[] = []
  for (const { url, permission } of relays) {
    const relaySockets = createRelaySockets()
    const socket = createActor(relaySockets.machine, { input: { url } })
    sockets.push(socket)
    hub.addRelay({
      ...relaySockets.link(socket),
      ...(permission ? { permission: () => permission } : {}),
    })
    socket.start()
    socket.send({ type: 'relay.connect' })
  }
  return {
    /** Lets each socket finish connecting first (ws throws when one still connecting closes). */
    async stop(): Promise<void> {
      const open = sockets.splice(0)
      await Promise.all(
        open.map((socket) => waitFor(socket, (s) => !s.matches('connecting'), { timeout: 10_000 })),
      )
      for (const socket of open) socket.stop()
    },
  }
}

/** One request the hub was asked: a publish, a subscription or a query. */
export interface AskedRequest {
  type: 'publish' | 'subscribe' | 'query'
  relays: readonly string[] | undefined
  reason: RequestOptions['reason']
}

/** The hub, every publish, subscription and query noted with its relays and reason. */
export function recordedHub(hub: RelayHub): { hub: RelayHub; asked: AskedRequest[] } {
  const asked: AskedRequest[] = []
  return {
    asked,
    hub: {
      ...hub,
      publish(event, relays, options) {
        asked.push({ type: 'publish', relays, reason: options?.reason })
        return hub.publish(event, relays, options)
      },
      subscribe(filters, handlers, options) {
        asked.push({ type: 'subscribe', relays: options?.relays, reason: options?.reason })
        return hub.subscribe(filters, handlers, options)
      },
      query(filters, options) {
        asked.push({ type: 'query', relays: options?.relays, reason: options?.reason })
        return hub.query(filters, options)
      },
    },
  }
}
