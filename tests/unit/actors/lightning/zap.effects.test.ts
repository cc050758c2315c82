// @vitest-environment happy-dom
// A zap's relays (NIP-57 with NIP-65) against real counterparts: real relays and hub, our LUD-16 +
// NIP-57 server on the fake ledger (it publishes each receipt to the zap request's relays), a real
// key signer and the zap service as the app starts it. The recipient reads on a relay the app does
// not: the request names it, and the app's receipt watch listens there.
import { QueryClient } from '@tanstack/react-query'
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { waitFor } from 'xstate'
import { createRowLoader } from '../../../../src/actors/feed/row-loader.ts'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import { metadataQueryOptions } from '../../../../src/actors/people/metadata-queries.ts'
import { createOutboxRelays } from '../../../../src/actors/relays/outbox-relays.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { startZaps } from '../../../../src/actors/system/zaps.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import type { ZapActorRef } from '../../../../src/machines/zap.machine.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'
import { type LnurlServer, startLnurlServer } from '../../../peers/lnurl-server.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'
import { appRelays } from '../relays/app-relays.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

const now = Math.floor(Date.now() / 1000)
const author = generateSecretKey()
const AUTHOR = getPublicKey(author)
const listless = generateSecretKey()
const sender = generateSecretKey()

/** The app's read relay: it takes events only from those who authenticate (NIP-42). */
let ours: RelayHandle
/** Holds profiles and relay lists. */
let indexer: RelayHandle
/** Where the recipient reads; no pool here holds it. */
let theirs: RelayHandle
let server: LnurlServer
const started: Awaited<ReturnType<typeof appRelays>>[] = []
const actors: ZapActorRef[] = []

beforeAll(async () => {
  server = await startLnurlServer({
    nostrSecretKey: generateSecretKey(),
    ledger: createFakeLightning(),
  })
  ours = await startRelay({ seed: [], auth: { write: true } })
  theirs = await startRelay({ seed: [] })
  const profile = (key: Uint8Array) =>
    finalizeEvent(
      {
        kind: 0,
        created_at: now - 100,
        tags: [],
        content: JSON.stringify({ lud16: server.address('ann') }),
      },
      key,
    )
  indexer = await startRelay({
    seed: [
      profile(author),
      profile(listless),
      finalizeEvent(
        { kind: 10002, created_at: now - 100, tags: [['r', theirs.url, 'read']], content: '' },
        author,
      ),
    ],
  })
})
afterEach(async () => {
  for (const actor of actors.splice(0)) actor.stop()
  await Promise.all(started.splice(0).map((relays) => relays.stop()))
})
afterAll(async () => {
  closeVerifyApi()
  await Promise.all([ours, indexer, theirs].map((relay) => relay.close()))
  await server.close()
})

/** The zap service as the app starts it, over the app's relays as it wires them. */
async function zapService() {
  const relays = await appRelays(createVerifier([verifyApi]), [
    { url: ours.url, permission: 'read' },
    { url: indexer.url, permission: 'indexer' },
  ])
  started.push(relays)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const loader = createRowLoader(relays.hub)
  const signer = localKeySigner(new Secret(sender))
  const zaps = startZaps({
    hub: relays.hub,
    queryClient,
    signer: () => signer,
    metadataQuery: (pubkey) => metadataQueryOptions(loader.metadata, pubkey),
    readRelays: () => [ours.url],
    lists: createOutboxRelays(relays.hub),
  })
  return { zaps, opened: relays.opened }
}

const wallet = {
  connected: false,
  payInvoice: async () => {
    throw new Error('no wallet in this test')
  },
}

describe("the zap request's relays", () => {
  it("name where the recipient reads, then ours; the receipt is heard on the recipient's relay", async () => {
    const { zaps, opened } = await zapService()
    const note = { id: 'ab'.repeat(32), pubkey: AUTHOR }
    const actor = await zaps.startZap(note, wallet)
    actors.push(actor)
    expect(actor.getSnapshot().context.relays).toEqual([theirs.url, ours.url])

    actor.send({ type: 'zap.submit', amountSats: 21, comment: '' })
    const shown = await waitFor(actor, (s) => s.matches('invoice'), { timeout: 15_000 })
    const request = JSON.parse(shown.context.request!.json) as { tags: string[][] }
    expect(request.tags.find((tag) => tag[0] === 'relays')).toEqual([
      'relays',
      theirs.url,
      ours.url,
    ])

    // Paid elsewhere: the service publishes the receipt to the request's relays; ours takes
    // nothing from it (it is not authenticated), the recipient's does.
    server.markPaid(shown.context.invoice!)
    await waitFor(actor, (s) => s.matches('paid'), { timeout: 15_000 })
    expect(theirs.events().some((event) => event.kind === 9735)).toBe(true)
    expect(ours.events().some((event) => event.kind === 9735)).toBe(false)
    // The watch opened the recipient's relay, and said why.
    expect(opened()).toEqual({ [theirs.url]: [{ kind: 'inbox', pubkeys: [AUTHOR] }] })
  })

  it('are ours alone for a recipient with no relay list', async () => {
    const { zaps } = await zapService()
    const actor = await zaps.startZap(
      { id: 'cd'.repeat(32), pubkey: getPublicKey(listless) },
      wallet,
    )
    actors.push(actor)
    expect(actor.getSnapshot().context.relays).toEqual([ours.url])
  })
})
