/** Adapts a socket actor to the hub's view of a relay. */
import type { SocketActorRef } from '../machines/socket.machine.ts'
import type { RelayLink } from './relay-hub.ts'

export function socketLink(socket: SocketActorRef): RelayLink {
  const state = () => socket.getSnapshot()
  return {
    url: state().context.url,
    isConnected: () => state().matches('connected'),
    isTrying: () => state().matches('connecting') || state().matches('reconnecting'),
    send: (data) => socket.send({ type: 'relay.send', data }),
    onMessage: (listener) => {
      const subscription = socket.on('relay.message', (event) => listener(event.data))
      return () => subscription.unsubscribe()
    },
    onConnected: (listener) => {
      const subscription = socket.on('relay.connected', listener)
      return () => subscription.unsubscribe()
    },
    onDisconnected: (listener) => {
      const subscription = socket.on('relay.disconnected', listener)
      return () => subscription.unsubscribe()
    },
  }
}
