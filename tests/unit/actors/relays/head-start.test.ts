// The head start: the start-up script's config request, workers and relay sockets, and the app
// taking them over. The socket worker's host behind a MessageChannel with ws (worker-ports.ts),
// real relays, the real socket machine and hub.
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { initNostrWasm } from 'nostr-wasm'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import {
  ADOPT_WITHIN_MS,
  beginHeadStart,
  EARLY_CHARS_KEPT,
  EARLY_REPORTS_KEPT,
  type HeadStart,
  headStart,
  setHeadStart,
} from '../../../../src/actors/relays/head-start.ts'
import { createRelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import { relaySocketLinks } from '../../../../src/actors/relays/socket.effects.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { workerConnection } from '../../../../src/actors/relays/worker-connection.ts'
import type { RuntimeConfig } from '../../../../src/core/platform/runtime-config.ts'
import { socketMachine } from '../../../../src/machines/socket.machine.ts'
import { createVerifyApi } from '../../../../src/workers/verify-api.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { workerPorts } from './worker-ports.ts'

const key = generateSecretKey()
const seeded: NostrEvent = finalizeEvent(
  { kind: 1, created_at: Math.floor(Date.now() / 1000) - 60, tags: [], content: 'stored' },
  key,
)
/** The verify worker as the start-up script starts it: a worker the app wraps; not used here. */
const verifyWorker = { name: 'verify worker' } as unknown as Worker

const relays: RelayHandle[] = []
const cleanups: Array<() => void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  await Promise.all(relays.splice(0).map((relay) => relay.close()))
})

async function relay(options: Parameters<typeof startRelay>[0] = {}): Promise<RelayHandle> {
  const started = await startRelay(options)
  relays.push(started)
  return started
}

const config = (relays: RuntimeConfig['relays']): RuntimeConfig => ({
  relays,
  profileRelays: [],
  indexerRelays: [],
  recommendedRelays: [],
  fallbackRelays: [],
  blacklistedRelays: [],
})

/** A head start over the test's socket worker; `later` runs only when the test says. */
function headStartWith(answer: Response | Promise<Response>) {
  const ports = workerPorts()
  const timers: Array<() => void> = []
  const response = Promise.resolve(answer)
  const headStart = beginHeadStart({
    fetchConfig: () => response,
    startSocketWorker: ports.open,
    startVerifyWorker: () => verifyWorker,
    later: (run, ms) => {
      expect(ms).toBe(ADOPT_WITHIN_MS)
      timers.push(run)
    },
  })
  cleanups.push(() => ports.close())
  const runTimers = () => {
    for (const run of timers.splice(0)) run()
  }
  return { headStart, ports, response, runTimers }
}

/** The app's side: its sockets over the head start's port, taking its sockets over. */
function appOver(headStart: HeadStart, ports: ReturnType<typeof workerPorts>) {
  const links = relaySocketLinks(
    workerConnection(
      () => headStart.takePort() ?? ports.open(),
      (url) => headStart.takeSocket(url),
    ),
  )
  const heard: string[] = []
  const hub = createRelayHub({
    verifier: createVerifier([createVerifyApi(initNostrWasm)]),
    onRejected: () => {},
  })
  const connect = async (url: string) => {
    links.onMessage(url, (data) => heard.push(data))
    const socket = createActor(socketMachine.provide(links.effects), { input: { url } })
    cleanups.push(() => socket.stop())
    hub.addRelay(links.link(socket))
    socket.start()
    socket.send({ type: 'relay.connect' })
    await waitFor(socket, (state) => state.matches('connected'))
    return socket
  }
  return { hub, heard, connect }
}

describe('the head start', () => {
  it("opens the config's read relays at once, sends them nothing, and the app takes the sockets over with what the relay said meanwhile", async () => {
    const read = await relay({
      seed: [seeded],
      faults: { onOpen: (send) => send(JSON.stringify(['NOTICE', 'welcome'])) },
    })
    const writeOnly = await relay()
    const { headStart, ports } = headStartWith(
      Response.json(
        config([
          { url: read.url, permission: 'read' },
          { url: writeOnly.url, permission: 'write' },
        ]),
      ),
    )
    await expect.poll(() => read.stats().open).toBe(1)
    expect(writeOnly.stats().connections).toBe(0)
    expect(read.stats().reqs).toBe(0)

    const app = appOver(headStart, ports)
    await app.connect(read.url)
    const events = await app.hub.query([{ kinds: [1] }])
    expect(events.map((event) => event.id)).toEqual([seeded.id])
    // The relay's greeting reached the app; one connection, one port.
    expect(app.heard[0]).toBe(JSON.stringify(['NOTICE', 'welcome']))
    expect(read.stats().connections).toBe(1)
    expect(ports.opened()).toBe(1)
  })

  it('hands over a socket once: reconnecting, the app opens its own', async () => {
    const read = await relay()
    const { headStart, ports } = headStartWith(
      Response.json(config([{ url: read.url, permission: 'readwrite' }])),
    )
    await expect.poll(() => read.stats().open).toBe(1)
    // Spelled as a user would type it: the same relay.
    expect(headStart.takeSocket(`${read.url}/`)).not.toBeNull()
    expect(headStart.takeSocket(read.url)).toBeNull()
    const app = appOver(headStart, ports)
    await app.connect(read.url)
    expect(read.stats().connections).toBe(2)
  })

  it('closes a socket the app has not taken in time, and those whose relay says too much before', async () => {
    const untaken = await relay()
    const chatty = await relay({
      faults: {
        onOpen: (send) => {
          for (let i = 0; i <= EARLY_REPORTS_KEPT; i++) send(JSON.stringify(['NOTICE', `${i}`]))
        },
      },
    })
    const wordy = await relay({
      faults: {
        onOpen: (send) => send(JSON.stringify(['NOTICE', 'x'.repeat(EARLY_CHARS_KEPT)])),
      },
    })
    const { headStart, runTimers } = headStartWith(
      Response.json(
        config([
          { url: untaken.url, permission: 'read' },
          { url: chatty.url, permission: 'read' },
          { url: wordy.url, permission: 'read' },
        ]),
      ),
    )
    await expect.poll(() => untaken.stats().open).toBe(1)
    await expect.poll(() => chatty.stats().connections).toBe(1)
    await expect.poll(() => chatty.stats().open).toBe(0)
    expect(headStart.takeSocket(chatty.url)).toBeNull()
    await expect.poll(() => wordy.stats().connections).toBe(1)
    await expect.poll(() => wordy.stats().open).toBe(0)
    expect(headStart.takeSocket(wordy.url)).toBeNull()
    runTimers()
    await expect.poll(() => untaken.stats().open).toBe(0)
    expect(headStart.takeSocket(untaken.url)).toBeNull()
  })

  it('opens nothing when the config does not load, and hands the app that answer to report', async () => {
    const { headStart, response } = headStartWith(new Response('missing', { status: 404 }))
    const taken = headStart.takeConfig()
    expect(headStart.takeConfig()).toBeNull()
    expect(await taken).toBe(await response)
    await expect(response.then((answer) => answer.text())).resolves.toBe('missing')
  })

  it('hands over the config answer (its body unread), the port and the verify worker once each', async () => {
    const read = await relay()
    const { headStart, response } = headStartWith(
      Response.json(config([{ url: read.url, permission: 'read' }])),
    )
    await expect.poll(() => read.stats().open).toBe(1)
    const taken = headStart.takeConfig()
    expect(await taken).toBe(await response)
    await expect(taken?.then((answer) => answer.json())).resolves.toMatchObject({
      relays: [{ url: read.url }],
    })
    expect(headStart.takeVerifyWorker()).toBe(verifyWorker)
    expect(headStart.takeVerifyWorker()).toBeNull()
    expect(headStart.takePort()).not.toBeNull()
    expect(headStart.takePort()).toBeNull()
  })

  it('a config slow to come reaches the app once its relays are opened early, their sockets to take', async () => {
    const read = await relay()
    let answer = (_response: Response) => {}
    const { headStart } = headStartWith(new Promise<Response>((resolve) => (answer = resolve)))
    const taken = headStart.takeConfig()
    answer(Response.json(config([{ url: read.url, permission: 'read' }])))
    await taken
    expect(headStart.takeSocket(read.url)).not.toBeNull()
  })

  it('a socket worker that fails before the app takes it: the app hears so and opens a new one', async () => {
    const read = await relay()
    const { headStart, ports } = headStartWith(
      Response.json(config([{ url: read.url, permission: 'read' }])),
    )
    await expect.poll(() => read.stats().open).toBe(1)
    ports.fail()
    expect(headStart.takeSocket(read.url)).toBeNull()
    const app = appOver(headStart, ports)
    await app.connect(read.url)
    expect(ports.opened()).toBe(2)
  })
})

describe('headStart', () => {
  it('is null until the start-up script sets it; then begun once, by whichever asks first', () => {
    expect(headStart()).toBeNull()
    let begun = 0
    const made = { name: 'the head start' } as unknown as HeadStart
    setHeadStart(() => {
      begun++
      return made
    })
    // Set is not begun: the start-up script begins it once the early feed is done.
    expect(begun).toBe(0)
    expect(headStart()).toBe(made)
    expect(headStart()).toBe(made)
    expect(begun).toBe(1)
  })
})
