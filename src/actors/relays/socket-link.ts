/** Adapts a socket actor to the hub's view of a relay. */
import type { SocketActorRef } from '../../machines/socket.machine.ts'
import type { RelayLink } from './relay-hub.ts'

/** Subscribes to what the relay at a URL sends (socket.effects.ts); returns the unsubscribe. */
type OnMessage = (url: string, listener: (data: string) => void) => () => void

export function socketLink(socket: SocketActorRef, onMessage: OnMessage): RelayLink {
  const state = () => socket.getSnapshot()
  const url = state().context.url
  return {
    url,
    isConnected: () => state().matches('connected'),
    isTrying: () => state().matches('connecting') || state().matches('reconnecting'),
    send: (data) => socket.send({ type: 'relay.send', data }),
    onMessage: (listener) => onMessage(url, listener),
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
