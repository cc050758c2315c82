// @vitest-environment happy-dom
// The zap-totals query against real counterparts: a real relay and hub, our LUD-16 + NIP-57 server
// on the fake ledger, a real QueryClient. Receipts signed by the service count; forged ones, and
// any for an author without a zap-enabled lightning address, do not. Also the CORS proxy setting,
// which totals never use.
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { QueryClient } from '@tanstack/react-query'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  CORS_PROXY_STORAGE_KEY,
  readCorsProxy,
  writeCorsProxy,
} from '../../../../src/actors/lightning/cors-proxy-setting.ts'
import { fetchZapInvoice } from '../../../../src/actors/lightning/lnurl-http.ts'
import {
  createReceiptLoader,
  UNUSED_ZAP_TOTALS,
  zapTotalsKey,
  zapTotalsQueryOptions,
} from '../../../../src/actors/lightning/zap-totals.ts'
import { metadataQueryOptions } from '../../../../src/actors/people/metadata-queries.ts'
import type { RelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import { startZaps } from '../../../../src/actors/system/zaps.ts'
import { lnurlPayTarget } from '../../../../src/core/lightning/lnurl-pay.ts'
import { zapCallbackUrl, zapRequestTemplate } from '../../../../src/core/lightning/zap-request.ts'
import type { ProfileMetadata } from '../../../../src/core/people/profile.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'
import { type LnurlServer, startLnurlServer } from '../../../peers/lnurl-server.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { realHubs } from '../relays/real-hub.ts'

const author = generateSecretKey()
const AUTHOR = getPublicKey(author)
const stranger = getPublicKey(generateSecretKey())
const sender = generateSecretKey()
const now = Math.floor(Date.now() / 1000)
const note = finalizeEvent({ kind: 1, created_at: now - 100, tags: [], content: 'zap me' }, author)
const other = finalizeEvent({ kind: 1, created_at: now - 90, tags: [], content: 'me too' }, author)

const hubs = realHubs()
let relay: RelayHandle
let server: LnurlServer
let hub: RelayHub

beforeAll(async () => {
  relay = await startRelay({ seed: [note, other] })
  server = await startLnurlServer({
    nostrSecretKey: generateSecretKey(),
    ledger: createFakeLightning(),
  })
  hub = hubs.connect([relay.url]).hub
})
afterAll(async () => {
  await hubs.stopSockets(true)
  hubs.close()
  await Promise.all([relay.close(), server.close()])
})

/** A zap through the server, paid on its ledger; resolves once the receipt is on the relay. */
async function zap(target: NostrEvent, sats: number): Promise<void> {
  const lnurl = lnurlPayTarget({ lud16: server.address('ann') })
  const template = zapRequestTemplate(
    { recipientPubkey: AUTHOR, amountSats: sats, comment: '', eventId: target.id },
    { lnurl: lnurl.lnurl, relays: [relay.url] },
  )
  const json = JSON.stringify(finalizeEvent({ ...template, created_at: now }, sender))
  const callback = `${server.url}/lnurlp/callback/ann`
  const invoice = await fetchZapInvoice({
    url: zapCallbackUrl(
      callback,
      { json, amountMsat: sats * 1000, lnurl: lnurl.lnurl, comment: '' },
      0,
    ),
    proxy: null,
  })
  const before = server.receipts().length
  server.markPaid(invoice)
  for (let i = 0; server.receipts().length === before && i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function deps(profile: Partial<ProfileMetadata> | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return {
    queryClient,
    options: (target: NostrEvent) =>
      zapTotalsQueryOptions(
        {
          hub,
          queryClient,
          metadata: async () => (profile ? (profile as ProfileMetadata) : null),
        },
        createReceiptLoader(hub),
        { id: target.id, pubkey: target.pubkey },
      ),
  }
}

describe('zap totals (query group zap-totals)', () => {
  it('sums the receipts signed by the author’s service, per note', async () => {
    await zap(note, 21)
    await zap(note, 100)
    await zap(other, 5)
    // A receipt by someone else's key for the same note: not the service, not counted.
    const forged = finalizeEvent(
      {
        kind: 9735,
        created_at: now,
        tags: [
          ['e', note.id],
          ['p', AUTHOR],
        ],
        content: '',
      },
      generateSecretKey(),
    )
    await relay.publish(forged)
    const { queryClient, options } = deps({ lud16: server.address('ann'), lud06: '' })
    const [first, second] = await Promise.all([
      queryClient.fetchQuery(options(note)),
      queryClient.fetchQuery(options(other)),
    ])
    expect(first).toEqual({ msat: 121_000, sats: 121, count: 2 })
    expect(second).toEqual({ msat: 5000, sats: 5, count: 1 })
    expect(options(note).queryKey).toEqual(zapTotalsKey(note.id))
    expect(zapTotalsKey(note.id)[0]).toBe('zap-totals')
  })

  it('is null for an author without a lightning address, or whose service is unreachable', async () => {
    const none = deps({ lud16: '', lud06: '' })
    expect(await none.queryClient.fetchQuery(none.options(note))).toBeNull()
    const gone = deps({ lud16: `${stranger.slice(0, 8)}@127.0.0.1:1`, lud06: '' })
    expect(await gone.queryClient.fetchQuery(gone.options(note))).toBeNull()
  })
})

describe('CORS proxy setting (off by default)', () => {
  afterEach(() => localStorage.clear())

  it('is off until set; takes an https URL; blank turns it off again', () => {
    expect(readCorsProxy()).toBeNull()
    expect(writeCorsProxy('http://proxy.example/?url=')).toBe('CORS proxy must be an https URL')
    expect(localStorage.getItem(CORS_PROXY_STORAGE_KEY)).toBeNull()
    expect(writeCorsProxy(' https://proxy.example/?url={url} ')).toBeNull()
    expect(readCorsProxy()).toBe('https://proxy.example/?url={url}')
    expect(writeCorsProxy('')).toBeNull()
    expect(readCorsProxy()).toBeNull()
  })
})

/** An HTTP server on 127.0.0.1 answering with `answer`; closes its open connections on close. */
async function listen(answer: (url: URL, res: ServerResponse) => void) {
  const server: Server = createServer((req, res) =>
    answer(new URL(req.url ?? '/', 'http://x'), res),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe('zap totals and the CORS proxy (only payments the user starts may use it)', () => {
  afterEach(() => localStorage.clear())

  it('never ask the proxy, even when the direct fetch fails and a proxy is set', async () => {
    // A working proxy: it forwards the path it is asked for to the real LNURL server.
    let proxied = 0
    const proxy = await listen((url, res) => {
      proxied++
      const target = new URL(url.searchParams.get('url') ?? '')
      fetch(`${server.url}${target.pathname}`)
        .then(async (answer) => {
          res.writeHead(answer.status, {
            'Content-Type': 'application/json',
            'Access-Control-Allow-Origin': '*',
          })
          res.end(await answer.text())
        })
        .catch(() => res.writeHead(502).end())
    })
    try {
      expect(writeCorsProxy(`${proxy.url}/?url={url}`)).toBeNull()
      await zap(note, 7)
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
      // The author's address names a closed port: the direct fetch fails.
      const profile = { lud16: 'ann@127.0.0.1:1', lud06: '' } as ProfileMetadata
      const zaps = totalsOnly(queryClient, profile)
      expect(await queryClient.fetchQuery(zaps.totalsQuery(note))).toBeNull()
      expect(proxied).toBe(0)
    } finally {
      await proxy.close()
    }
  })
})

/** Zaps that only read totals, with the relay above and one profile for every author. */
const totalsOnly = (queryClient: QueryClient, profile: ProfileMetadata | null) =>
  startZaps({
    hub: hub as RelayHub,
    queryClient,
    signer: () => {
      throw new Error('totals sign nothing')
    },
    metadataQuery: (pubkey) => metadataQueryOptions(async () => profile, pubkey),
    readRelays: () => [relay.url],
    lists: { listsOf: async () => new Map() },
  })

describe('zap totals kept', () => {
  it('keeps the totals of at most UNUSED_ZAP_TOTALS notes no card shows', async () => {
    const queryClient = new QueryClient()
    totalsOnly(queryClient, null)
    // The feed scrolled on: a total for each note a card showed, none of them shown now.
    for (let i = 0; i < UNUSED_ZAP_TOTALS + 50; i++) {
      queryClient.setQueryData(zapTotalsKey(`note${i}`), { count: 0, sats: 0 })
    }
    await new Promise<void>((resolve) => queueMicrotask(resolve))
    const kept = queryClient.getQueryCache().findAll({ queryKey: ['zap-totals'] })
    expect(kept).toHaveLength(UNUSED_ZAP_TOTALS)
    expect(kept[0]?.queryKey).toEqual(zapTotalsKey('note50'))
    queryClient.clear()
  })
})
