// A request made as the app starts, wired as the app wires the pool (actors/system/relays.ts):
// the pool connects its relays one after another (relay-pool.machine.ts, 100 ms apart), and a
// page asked before the last one opened must still have its notes.
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createActor, waitFor } from 'xstate'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import { createRelaySockets } from '../../../../src/actors/relays/socket.effects.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { linkRelays, startRelayHub } from '../../../../src/actors/system/relays.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import { relayPoolMachine } from '../../../../src/machines/relay-pool.machine.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

const author = generateSecretKey()
const now = Math.floor(Date.now() / 1000)
const note = (content: string, ago: number): NostrEvent =>
  finalizeEvent({ kind: 1, created_at: now - ago, tags: [], content }, author)

const relays: RelayHandle[] = []
beforeAll(async () => {
  for (const content of ['on the first', 'on the second', 'on the third']) {
    relays.push(await startRelay({ seed: [note(content, relays.length + 10)] }))
  }
})
afterAll(async () => {
  closeVerifyApi()
  await Promise.all(relays.map((relay) => relay.close()))
})

it('a page asked as the pool starts has the notes of every relay, the ones still queued too', async () => {
  const sockets = createRelaySockets()
  const pool = createActor(relayPoolMachine.provide({ actors: { socket: sockets.machine } }), {
    input: { relays: relays.map(({ url }) => ({ url, permission: 'readwrite' as const })) },
  })
  const signer = localKeySigner(new Secret(generateSecretKey()))
  const verifier = createVerifier([verifyApi])
  const hub = startRelayHub({
    verifier,
    signer: () => signer,
    pool: () => pool,
    aux: () => undefined,
  })
  pool.start()
  linkRelays(pool, sockets, hub)
  try {
    const events = await hub.query([{ kinds: [1] }])
    expect(events.map((event) => event.content).sort()).toEqual([
      'on the first',
      'on the second',
      'on the third',
    ])
  } finally {
    await waitFor(pool, ({ context }) =>
      Object.values(context.phase).every((phase) => phase === 'connected'),
    ).catch(() => {})
    pool.stop()
  }
})
