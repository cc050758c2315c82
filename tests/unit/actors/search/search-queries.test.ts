// The search page's lookups against real relays (ws in Node, the real socket machine and hub, the
// verify API over a MessageChannel, the real NIP-11 client over HTTP) and a real HTTP server for
// NIP-05 documents.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { QueryClient } from '@tanstack/react-query'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { metadataKey } from '../../../../src/actors/people/metadata-queries.ts'
import type { PoolRelay } from '../../../../src/actors/relays/outbox-relays.ts'
import type { RelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import { createRelayInfoClient } from '../../../../src/actors/relays/relay-info.ts'
import { searchQueries, searchRelays } from '../../../../src/actors/search/search-queries.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { realHubs } from '../relays/real-hub.ts'

const alice = generateSecretKey()
const bob = generateSecretKey()
const now = Math.floor(Date.now() / 1000)
const sign = (key: Uint8Array, kind: number, content: string, tags: string[][] = []): NostrEvent =>
  finalizeEvent({ kind, created_at: now - 10, tags, content }, key)

const aliceMeta = sign(alice, 0, JSON.stringify({ name: 'alice', about: 'bakes sourdough' }))
const sourdough = sign(bob, 1, 'my sourdough starter is alive', [['t', 'baking']])
const tagged = sign(alice, 1, 'Loaves today #Baking', [['t', 'Baking']])
const other = sign(bob, 1, 'nothing to see', [['t', 'misc']])
const seed = [aliceMeta, sourdough, tagged, other]

const hubs = realHubs()

let searching: RelayHandle // advertises NIP-50 (the test relay's default)
let plain: RelayHandle // does not
let nip05Server: Server
let nip05Host: string

beforeAll(async () => {
  searching = await startRelay({ seed })
  plain = await startRelay({ seed, info: { supported_nips: [1, 11] } })
  nip05Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname === '/.well-known/nostr.json') {
      const names = url.searchParams.get('name') === 'alice' ? { alice: getPublicKey(alice) } : {}
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ names }))
    } else if (url.pathname === '/moved/.well-known/nostr.json') {
      res.writeHead(302, { Location: '/.well-known/nostr.json' }).end()
    } else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => nip05Server.listen(0, '127.0.0.1', resolve))
  nip05Host = `127.0.0.1:${(nip05Server.address() as AddressInfo).port}`
})
afterAll(async () => {
  hubs.close()
  await Promise.all([searching.close(), plain.close()])
  await new Promise((resolve) => nip05Server.close(resolve))
})
afterEach(async () => {
  await hubs.stopSockets(true)
})

function connect(relays: RelayHandle[]): { hub: RelayHub; pool: () => PoolRelay[] } {
  const { hub } = hubs.connect(relays.map((relay) => relay.url))
  const entries = relays.map((relay) => ({ url: relay.url, permission: 'readwrite' as const }))
  return { hub, pool: () => entries }
}

function queriesFor(relays: RelayHandle[]) {
  const { hub, pool } = connect(relays)
  const queryClient = new QueryClient()
  const relayInfo = createRelayInfoClient()
  return {
    queryClient,
    queries: searchQueries({ hub, queryClient, pool, relayInfo: relayInfo.fetchRelayInfo }),
    pool,
    relayInfo,
  }
}

describe('search lookups', () => {
  it('tells a note id from a pubkey, and says when it is neither', async () => {
    const { queryClient, queries } = queriesFor([plain])
    expect(await queryClient.fetchQuery(queries.hex(sourdough.id))).toEqual({
      note: true,
      profile: false,
    })
    expect(await queryClient.fetchQuery(queries.hex(getPublicKey(alice)))).toEqual({
      note: false,
      profile: true,
    })
    expect(await queryClient.fetchQuery(queries.hex('0'.repeat(64)))).toEqual({
      note: false,
      profile: false,
    })
  })

  it('finds notes by hashtag in any case, newest first', async () => {
    const { queryClient, queries } = queriesFor([plain])
    const notes = await queryClient.fetchQuery(queries.hashtag('Baking'))
    expect(notes.map((n) => n.id).sort()).toEqual([sourdough.id, tagged.id].sort())
  })

  it('searches text only on relays whose NIP-11 lists 50: people first, then notes', async () => {
    const { queryClient, queries, pool, relayInfo } = queriesFor([searching, plain])
    expect(await searchRelays({ pool, relayInfo: relayInfo.fetchRelayInfo })).toEqual([
      searching.url,
    ])
    const before = plain.stats().reqs
    const result = await queryClient.fetchQuery(queries.text('sourdough'))
    expect(result.status).toBe('done')
    if (result.status !== 'done') return
    expect(result.relays).toEqual([searching.url])
    expect(result.people.map((p) => p.metadata.name)).toEqual(['alice'])
    expect(result.notes.map((n) => n.content)).toEqual(['my sourdough starter is alive'])
    // The plain relay was not asked, and the people found fill the shared metadata cache.
    expect(plain.stats().reqs).toBe(before)
    expect(queryClient.getQueryData(metadataKey(getPublicKey(alice)))).toMatchObject({
      name: 'alice',
    })
  })

  it('says so when no relay supports search', async () => {
    const { queryClient, queries } = queriesFor([plain])
    expect(await queryClient.fetchQuery(queries.text('sourdough'))).toEqual({
      status: 'unsupported',
    })
  })

  it('finds a person by NIP-05 address, and tells unknown names from unreachable domains', async () => {
    const { queryClient, queries } = queriesFor([])
    expect(await queryClient.fetchQuery(queries.nip05(`alice@${nip05Host}`))).toEqual({
      status: 'found',
      person: { pubkey: getPublicKey(alice), relays: [] },
    })
    expect(await queryClient.fetchQuery(queries.nip05(`carol@${nip05Host}`))).toEqual({
      status: 'unknown',
    })
    // A closed port: nobody answers.
    expect(await queryClient.fetchQuery(queries.nip05('alice@127.0.0.1:1'))).toEqual({
      status: 'unreachable',
    })
  })
})
