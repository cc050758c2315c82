/** Adapts a socket actor to the hub's view of a relay. */
import type { SocketActorRef } from '../../machines/socket.machine.ts'
import type { RelayLink } from './relay-hub.ts'

/** Subscribes to what the relay at a URL sends (socket.effects.ts); returns the unsubscribe. */
type OnMessage = (url: string, listener: (data: string) => void) => () => void
/** Subscribes to the frames its connection dropped for their size; returns the unsubscribe. */
type OnOversized = (url: string, listener: (chars: number) => void) => () => void

export function socketLink(
  socket: SocketActorRef,
  onMessage: OnMessage,
  onOversized: OnOversized,
): RelayLink {
  const state = () => socket.getSnapshot()
  const url = state().context.url
  // The first attempt of a relay that has not failed since it last connected (or was added): a
  // relay retried by the health check is not waited for again.
  const isOpening = () => {
    const { context } = state()
    return (
      state().matches({ connecting: 'attempt' }) &&
      context.connectionAttempts === 1 &&
      context.lastError === null
    )
  }
  return {
    url,
    isConnected: () => state().matches('connected'),
    isTrying: () => state().matches('connecting') || state().matches('reconnecting'),
    isWaiting: () => state().matches({ reconnecting: 'backoff' }),
    isOpening,
    send: (data) => socket.send({ type: 'relay.send', data }),
    onMessage: (listener) => onMessage(url, listener),
    onOversized: (listener) => onOversized(url, listener),
    onConnected: (listener) => {
      const subscription = socket.on('relay.connected', listener)
      return () => subscription.unsubscribe()
    },
    onDisconnected: (listener) => {
      const dropped = socket.on('relay.disconnected', listener)
      // A first attempt that failed ends, like a drop, the wait of requests sent meanwhile.
      let opening = isOpening()
      const failed = socket.subscribe(() => {
        const was = opening
        opening = isOpening()
        if (was && !opening && !state().matches('connected')) listener()
      })
      return () => {
        dropped.unsubscribe()
        failed.unsubscribe()
      }
    },
  }
}
