// The hub against real relays: real sockets (ws in Node), the real socket machine, the verify API
// over a MessageChannel. Faults come from the relay wrapper, not from mocks of our code.
import { expose, wrap } from 'comlink'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { initNostrWasm } from 'nostr-wasm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createActor } from 'xstate'
import { createRelayHub, type RelayHub } from '../../../src/actors/relay-hub.ts'
import { socketLink } from '../../../src/actors/socket-link.ts'
import { createVerifier } from '../../../src/actors/verifier.ts'
import { webSocketConnection } from '../../../src/actors/websocket-connection.ts'
import { socketMachine } from '../../../src/machines/socket.machine.ts'
import { createVerifyApi, type VerifyApi } from '../../../src/workers/verify-api.ts'
import { byAuthors } from '../../peers/faults.ts'
import { type RelayHandle, startRelay } from '../../peers/relay.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

const alice = generateSecretKey()
const mallory = generateSecretKey()
const now = Math.floor(Date.now() / 1000)
const note = (key: Uint8Array, ago: number, content: string): NostrEvent =>
  finalizeEvent({ kind: 1, created_at: now - ago, tags: [], content }, key)
const notes = [note(alice, 30, 'one'), note(alice, 20, 'two'), note(alice, 10, 'three')]
const forged = note(mallory, 5, 'forged')

const channel = new MessageChannel()
expose(createVerifyApi(initNostrWasm), channel.port1)

let good: RelayHandle
let evil: RelayHandle
const sockets: ReturnType<typeof createActor<typeof socketMachine>>[] = []
let rejected: string[] = []

beforeAll(async () => {
  good = await startRelay({ seed: notes })
  evil = await startRelay({
    seed: [...notes, forged],
    faults: { corruptSignatures: byAuthors(getPublicKey(mallory)) },
  })
})
afterAll(async () => {
  channel.port1.close()
  await Promise.all([good.close(), evil.close()])
})
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.stop()
  rejected = []
})

function hubFor(...relays: RelayHandle[]): RelayHub {
  const hub = createRelayHub({
    verifier: createVerifier([wrap<VerifyApi>(channel.port2)]),
    onRejected: (url) => rejected.push(url),
  })
  for (const relay of relays) {
    const socket = createActor(
      socketMachine.provide({ actors: { connection: webSocketConnection } }),
      {
        input: { url: relay.url },
      },
    )
    sockets.push(socket)
    hub.addRelay(socketLink(socket))
    socket.start()
    socket.send({ type: 'relay.connect' })
  }
  return hub
}

const contents = (events: NostrEvent[]) => events.map((e) => e.content).sort()

describe('relay hub', () => {
  it('waits for relays to connect, then gathers stored events from all of them once each', async () => {
    const hub = hubFor(good, evil)
    const events = await hub.query([{ kinds: [1] }])
    expect(contents(events)).toEqual(['one', 'three', 'two'])
  })

  it('drops an event whose signature does not hold and counts it once for the relay that sent it', async () => {
    const hub = hubFor(good, evil)
    const events = await hub.query([{ kinds: [1] }])
    expect(events.map((e) => e.id)).not.toContain(forged.id)
    await hub.query([{ kinds: [1] }])
    expect(rejected).toEqual([evil.url])
  })

  it('delivers only what the filters asked for', async () => {
    const hub = hubFor(good)
    const events = await hub.query([{ kinds: [1], authors: [getPublicKey(mallory)] }])
    expect(events).toEqual([])
  })

  it('re-sends live subscriptions after a relay comes back, so notes published meanwhile arrive', async () => {
    const hub = hubFor(good)
    const seen: string[] = []
    const ready = new Promise<void>((onEose) =>
      hub.subscribe([{ kinds: [1], since: now - 60 }], {
        onEvent: (e) => seen.push(e.content),
        onEose,
      }),
    )
    await ready
    await good.stop()
    await good.publish(note(alice, 0, 'while away'))
    await good.start()
    await expect.poll(() => seen, { timeout: 12_000, interval: 100 }).toContain('while away')
    expect(seen.filter((c) => c === 'one')).toHaveLength(1)
  }, 20_000)

  it('ends the wait for stored events when no relay can answer', async () => {
    const hub = createRelayHub({
      verifier: createVerifier([wrap<VerifyApi>(channel.port2)]),
      onRejected: () => {},
      eoseTimeoutMs: 200,
    })
    await expect(hub.query([{ kinds: [1] }])).resolves.toEqual([])
  })

  it('publishes to every connected relay and succeeds when one accepts', async () => {
    const hub = hubFor(good)
    await hub.query([{ kinds: [1], limit: 1 }]) // connected by now
    const event = note(alice, 0, 'published through the hub')
    const results = await hub.publish(event)
    expect(results).toEqual([{ relay: good.url, ok: true, message: '' }])
    expect(good.events().map((e) => e.id)).toContain(event.id)
  })

  it('names every relay and its reason when none accepts', async () => {
    const hub = hubFor(good, evil)
    await hub.query([{ kinds: [1], limit: 1 }])
    const event = note(alice, 0, 'tampered')
    const tampered = { ...event, content: 'changed after signing' }
    const failure = await hub.publish(tampered).catch((error: Error) => error.message)
    expect(failure).toMatch(
      /^Publish failed: ws:\/\/127\.0\.0\.1:\d+: invalid: [^;]+; ws:\/\/127\.0\.0\.1:\d+: invalid: .+$/,
    )
    expect(failure).toContain(good.url)
    expect(failure).toContain(evil.url)
  })
})
