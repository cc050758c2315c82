/**
 * The relay pool: one socket machine per configured relay, and the per-relay count of events
 * dropped because their id or signature did not hold.
 */
import { type ActorRefFrom, assign, enqueueActions, setup } from 'xstate'
import { socketMachine } from './socket.machine.ts'

export interface RelayPoolContext {
  sockets: ActorRefFrom<typeof socketMachine>[]
  rejected: Record<string, number>
}

export type RelayPoolEvent =
  | { type: 'pool.eventRejected'; url: string }
  | { type: 'pool.connectAll' }

export const relayPoolMachine = setup({
  types: {
    context: {} as RelayPoolContext,
    input: {} as { urls: string[] },
    events: {} as RelayPoolEvent,
  },
  actors: { socket: socketMachine },
  actions: {
    connectAll: enqueueActions(({ context, enqueue }) => {
      for (const socket of context.sockets) enqueue.sendTo(socket, { type: 'relay.connect' })
    }),
    countRejected: assign({
      rejected: ({ context, event }) => {
        if (event.type !== 'pool.eventRejected') return context.rejected
        return { ...context.rejected, [event.url]: (context.rejected[event.url] ?? 0) + 1 }
      },
    }),
  },
}).createMachine({
  id: 'relayPool',
  context: ({ input, spawn }) => ({
    sockets: input.urls.map((url) => spawn('socket', { id: `socket:${url}`, input: { url } })),
    rejected: {},
  }),
  entry: 'connectAll',
  on: {
    'pool.connectAll': { actions: 'connectAll' },
    'pool.eventRejected': { actions: 'countRejected' },
  },
})

export type RelayPoolActorRef = ActorRefFrom<typeof relayPoolMachine>
