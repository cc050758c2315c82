// NIP-11 against the real relay's HTTP side, and a server that accepts and never answers.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayInfoClient } from '../../../../src/actors/relays/relay-info.ts'
import { RELAY_INFO_ERROR, RELAY_INFO_TIMEOUT_MS } from '../../../../src/core/relays/nip11.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'

let relay: RelayHandle
let silent: Server
let silentUrl: string
const silentRequests: { accept: string | undefined }[] = []

beforeAll(async () => {
  relay = await startRelay({
    name: 'PoW relay',
    info: { limitation: { min_pow_difficulty: 20, max_limit: 500 } },
  })
  // Reads the request, then holds the socket open without a byte of answer.
  silent = createServer((req) => silentRequests.push({ accept: req.headers.accept }))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  silentUrl = `ws://127.0.0.1:${(silent.address() as AddressInfo).port}`
})
afterAll(async () => {
  silent.closeAllConnections()
  await new Promise((resolve) => silent.close(resolve))
  await relay.close()
})

/** Counts the fetches that leave, so caching can be asserted. */
function countingFetch() {
  const calls: { url: string; accept: string | null }[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    calls.push({ url: String(input), accept: new Headers(init?.headers).get('Accept') })
    return globalThis.fetch(input, init)
  }
  return { calls, fetch }
}

describe('relay information (NIP-11)', () => {
  it('GETs the http form of a loopback relay URL with Accept application/nostr+json', async () => {
    const { calls, fetch } = countingFetch()
    const info = await createRelayInfoClient({ fetch }).fetchRelayInfo(relay.url)
    expect(calls).toEqual([
      { url: `http://127.0.0.1:${relay.port}/`, accept: 'application/nostr+json' },
    ])
    expect(info.name).toBe('PoW relay')
    expect(info.supported_nips).toContain(11)
    expect(info.limitation).toMatchObject({ min_pow_difficulty: 20, max_limit: 500 })
  })

  it('reads the proof of work the relay asks for', async () => {
    const client = createRelayInfoClient()
    await expect(client.powRequirementOf(relay.url)).resolves.toBe(20)
    await expect(client.powRequirementOf(silentUrl.replace(/\d+$/, '9'))).resolves.toBeNull()
  })

  it('keeps a document per relay and fetches a relay asked for twice at once only once', async () => {
    const { calls, fetch } = countingFetch()
    const client = createRelayInfoClient({ fetch })
    const [a, b] = await Promise.all([
      client.fetchRelayInfo(relay.url),
      client.fetchRelayInfo(`${relay.url}/`),
    ])
    expect(a).toBe(b)
    await client.fetchRelayInfo(relay.url)
    expect(calls).toHaveLength(1)
    client.forget(relay.url)
    await client.fetchRelayInfo(relay.url)
    expect(calls).toHaveLength(2)
  })

  it(`gives up after ${RELAY_INFO_TIMEOUT_MS} ms on a relay that never answers`, async () => {
    const { calls, fetch } = countingFetch()
    const client = createRelayInfoClient({ fetch })
    const started = Date.now()
    const failure = await client.fetchRelayInfo(silentUrl).catch((error: Error) => error)
    const elapsed = Date.now() - started
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toBe(RELAY_INFO_ERROR)
    expect(elapsed).toBeGreaterThanOrEqual(RELAY_INFO_TIMEOUT_MS - 50)
    expect(elapsed).toBeLessThan(RELAY_INFO_TIMEOUT_MS + 1500)
    expect(silentRequests.at(-1)).toEqual({ accept: 'application/nostr+json' })
    // A failure is not kept: the next ask tries again.
    await expect(client.fetchRelayInfo(silentUrl)).rejects.toThrow(RELAY_INFO_ERROR)
    expect(calls).toHaveLength(2)
  })

  it('fails with the catalogue text on a refused connection, an HTTP error or a bad URL', async () => {
    const client = createRelayInfoClient({ timeoutMs: 1000 })
    await expect(client.fetchRelayInfo('ws://127.0.0.1:9')).rejects.toThrow(RELAY_INFO_ERROR)
    await expect(client.fetchRelayInfo('https://example.com')).rejects.toThrow(RELAY_INFO_ERROR)
    const notFound = createRelayInfoClient({
      fetch: () => Promise.resolve(new Response('nope', { status: 404 })),
    })
    await expect(notFound.fetchRelayInfo('wss://relay.example.com')).rejects.toThrow(
      RELAY_INFO_ERROR,
    )
    const notJson = createRelayInfoClient({
      fetch: () => Promise.resolve(new Response('<html>')),
    })
    await expect(notJson.fetchRelayInfo('wss://relay.example.com')).rejects.toThrow(
      RELAY_INFO_ERROR,
    )
  })
})
