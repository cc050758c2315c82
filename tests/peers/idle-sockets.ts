import type { Server } from 'node:http'

/**
 * Idle keep-alive sockets are left for the client to close. With Node's 5 s default, a peer
 * serving a client in its own process (a unit test) raced the client's idle timer whenever the
 * shared event loop was held (a mint signing a large batch, a loaded machine): the server closed
 * a socket the client had just reused, and that request failed with ECONNRESET (seen 1 run in 3
 * with 250 outputs; and a wallet asking again after a 6 s pause never settled).
 */
export function leaveIdleSocketsToClient(server: Server): void {
  server.keepAliveTimeout = 60_000
}
