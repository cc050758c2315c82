/**
 * The relays as the app wires them (actors/system/relays.ts), for routing tests: a real pool and
 * the auxiliary relays over ws, linked to the hub, so a request that names a relay outside the
 * pool reaches it through a short-lived connection, and that connection keeps why it was opened.
 */
import { generateSecretKey } from 'nostr-tools/pure'
import { createActor, waitFor } from 'xstate'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import type { NetworkEvents } from '../../../../src/actors/platform/online.ts'
import { createRelaySockets } from '../../../../src/actors/relays/socket.effects.ts'
import type { Verifier } from '../../../../src/actors/relays/verifier.ts'
import {
  type LinkedRelays,
  linkRelays,
  startRelayHub,
} from '../../../../src/actors/system/relays.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import type { RelayEntry } from '../../../../src/core/relays/relay-list.ts'
import type { RelayReason } from '../../../../src/core/relays/relay-reason.ts'
import { auxRelaysMachine } from '../../../../src/machines/aux-relays.machine.ts'
import { relayPoolMachine } from '../../../../src/machines/relay-pool.machine.ts'

const settled = (snapshot: { context: { phase: Record<string, string> } }) =>
  !Object.values(snapshot.context.phase).includes('connecting')

/**
 * The pool of these relays and the auxiliary relays, linked to a hub; `stop` ends them.
 * `unanswered` hears each relay that let a request go unanswered, as keep-alive does; `network`
 * announces 'online' as the window does.
 */
export async function appRelays(
  verifier: Verifier,
  relays: RelayEntry[],
  unanswered?: (url: string) => void,
  network?: NetworkEvents,
) {
  const sockets = createRelaySockets()
  const pool = createActor(relayPoolMachine.provide({ actors: { socket: sockets.machine } }), {
    input: { relays },
  })
  const aux = createActor(auxRelaysMachine.provide({ actors: { socket: sockets.machine } }), {
    input: { blacklist: [] },
  })
  const signer = localKeySigner(new Secret(generateSecretKey()))
  let links: LinkedRelays | undefined
  const hub = startRelayHub({
    verifier,
    signer: () => signer,
    pool: () => pool,
    aux: () => aux,
    unanswered: (url) => {
      unanswered?.(url)
      links?.check(url)
    },
  })
  pool.start()
  aux.start()
  links = linkRelays(pool, sockets, hub, network)
  links.addAux(aux)
  // Every pool relay open, as in a session under way (write and indexer relays open on first
  // use, and a query asks the relays that are open once one of them has answered).
  for (const { url } of relays) pool.send({ type: 'pool.connect', url })
  await waitFor(pool, ({ context }) =>
    relays.every(({ url }) => context.phase[url] === 'connected'),
  )
  return {
    hub,
    pool,
    aux,
    /** The relays outside the pool opened so far, each with why. */
    opened: (): Record<string, RelayReason[]> =>
      Object.fromEntries(aux.getSnapshot().context.links.map((link) => [link.url, link.reasons])),
    async stop(): Promise<void> {
      // ws (unlike a browser) throws when a socket still connecting is closed: let them settle.
      await Promise.all(
        [pool, aux].map((actor) => waitFor(actor, settled, { timeout: 15_000 }).catch(() => {})),
      )
      pool.stop()
      aux.stop()
    },
  }
}
