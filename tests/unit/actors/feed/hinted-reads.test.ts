// Reads that follow relay hints and NIP-65 lists against real relays: a pool relay, and relays
// outside the pool (in the test hub directly, standing in for short-lived connections; the hub
// then asks them on unrouted requests as well, so what is checked is which request named them,
// and why, and that the answer holds the note).
import { QueryClient } from '@tanstack/react-query'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { hintedNoteLoader } from '../../../../src/actors/feed/note-loader.ts'
import { noteKey, noteQueryOptions } from '../../../../src/actors/feed/note-queries.ts'
import { resolveEntries } from '../../../../src/actors/feed/repost-resolver.ts'
import { createRowLoader } from '../../../../src/actors/feed/row-loader.ts'
import {
  aroundQueryOptions,
  rootHints,
  threadQueryOptions,
} from '../../../../src/actors/feed/thread-queries.ts'
import { notificationsQueryOptions } from '../../../../src/actors/notifications/notification-queries.ts'
import { profileQueries } from '../../../../src/actors/people/profile-queries.ts'
import { createOutboxRelays, type PoolRelay } from '../../../../src/actors/relays/outbox-relays.ts'
import { NO_HINTS, type ReadRoutes } from '../../../../src/actors/relays/read-routes.ts'
import { toNote } from '../../../../src/core/feed/note.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { realHubs } from '../relays/real-hub.ts'
import { type Asked, recordingHub } from '../relays/recording-hub.ts'

const now = Math.floor(Date.now() / 1000)
const [alice, zed, user] = [generateSecretKey(), generateSecretKey(), generateSecretKey()]
const ZED = getPublicKey(zed)
const USER = getPublicKey(user)
const sign = (key: Uint8Array, kind: number, ago: number, tags: string[][] = [], content = '') =>
  finalizeEvent({ kind, created_at: now - ago, tags, content }, key)

const hubs = realHubs()
let pool: RelayHandle
let hinted: RelayHandle
let zedsRelay: RelayHandle
let zedsInbox: RelayHandle
let replyToZed: NostrEvent
// Set once the relays' URLs are known.
let onHint: NostrEvent
let onZeds: NostrEvent
let root: NostrEvent
let middle: NostrEvent
let focused: NostrEvent
let repost: NostrEvent
let liked: NostrEvent

beforeAll(async () => {
  hinted = await startRelay({ seed: [] })
  zedsRelay = await startRelay({ seed: [] })
  zedsInbox = await startRelay({ seed: [] })
  pool = await startRelay({ seed: [] })
  onHint = sign(alice, 1, 50, [], 'only on the hinted relay')
  onZeds = sign(zed, 1, 40, [], "only on zed's write relay")
  // A thread whose middle note lives on the hinted relay (naming no root, so only its id finds
  // it); the focused reply names it there.
  root = sign(alice, 1, 300, [], 'root')
  middle = sign(zed, 1, 200, [], 'middle')
  focused = sign(alice, 1, 100, [
    ['e', root.id, pool.url, 'root'],
    ['e', middle.id, hinted.url, 'reply'],
  ])
  repost = sign(zed, 6, 30, [
    ['e', onHint.id, hinted.url],
    ['p', getPublicKey(alice)],
  ])
  liked = sign(
    zed,
    7,
    20,
    [
      ['e', onHint.id],
      ['p', USER],
    ],
    '+',
  )
  for (const event of [onHint, middle, liked]) await hinted.publish(event)
  await zedsRelay.publish(onZeds)
  await zedsRelay.publish(sign(zed, 0, 60, [], JSON.stringify({ name: 'zed on his relay' })))
  for (const event of [root, focused, repost]) await pool.publish(event)
  await pool.publish(
    sign(zed, 10002, 500, [
      ['r', zedsRelay.url, 'write'],
      ['r', zedsInbox.url, 'read'],
    ]),
  )
  // A reply to zed, sent where zed reads (NIP-65) and nowhere else.
  replyToZed = sign(alice, 1, 10, [
    ['e', onZeds.id, zedsRelay.url, 'root', ZED],
    ['p', ZED],
  ])
  await zedsInbox.publish(replyToZed)
})
afterAll(async () => {
  hubs.close()
  await Promise.all([pool.close(), hinted.close(), zedsRelay.close(), zedsInbox.close()])
})
afterEach(() => {
  void hubs.stopSockets()
})

function setup() {
  const connected = hubs.connect([pool.url, hinted.url, zedsRelay.url, zedsInbox.url], {
    eoseTimeoutMs: 800,
  })
  const { hub, asked } = recordingHub(connected.hub)
  const poolEntries: PoolRelay[] = [{ url: pool.url, permission: 'readwrite' }]
  const outbox = createOutboxRelays(hub)
  const routes: ReadRoutes = {
    pool: () => poolEntries,
    outbox,
    ownReadRelays: (pubkey) => (pubkey === USER ? [hinted.url] : []),
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return { hub, asked, routes, queryClient, poolEntries, outbox }
}

/** The requests that named relays (the routed ones), as relays and reason. */
const routed = (asked: readonly Asked[]) =>
  asked.filter((ask) => ask.relays).map(({ relays, reason }) => ({ relays, reason }))

describe('hinted reads', () => {
  it("a thread asks its root author's read relays for the replies to them (NIP-65 inbox)", async () => {
    const { hub, asked, routes, queryClient } = setup()
    const hints = rootHints(toNote(onZeds, Date.now()), onZeds.id, NO_HINTS)
    expect(hints.author).toBe(ZED)
    const thread = await queryClient.fetchQuery(
      threadQueryOptions(hub, onZeds.id, { routes, hints }),
    )
    expect(thread.map((note) => note.id)).toContain(replyToZed.id)
    expect(routed(asked)).toContainEqual({
      relays: [zedsInbox.url],
      reason: { kind: 'inbox', pubkeys: [ZED] },
    })
    // From a reply, the root's author comes from its NIP-10 e tag.
    expect(rootHints(toNote(replyToZed, Date.now()), onZeds.id, NO_HINTS).author).toBe(ZED)
  })

  it("a note asks its nevent's relays beside the pool, under the same key, and again after a miss without them", async () => {
    const { hub, asked, routes, queryClient } = setup()
    const hints = { relays: [hinted.url, pool.url] }
    queryClient.setQueryData(noteKey(onHint.id), null) // a prefetch without hints found nothing
    const options = noteQueryOptions(hub, onHint.id, { routes, hints })
    expect(options.queryKey).toEqual(noteKey(onHint.id))
    const note = await queryClient.fetchQuery(options)
    expect(note?.content).toBe('only on the hinted relay')
    // The pool relay is asked as before (no relays named); the hint outside it by name.
    expect(routed(asked)).toEqual([
      { relays: [hinted.url], reason: { kind: 'hint', id: onHint.id } },
    ])
    // Without hints, nothing but the pool.
    asked.length = 0
    await new QueryClient().fetchQuery(noteQueryOptions(hub, onHint.id))
    expect(routed(asked)).toEqual([])
  })

  it("an nevent naming its author asks the author's write relays (their NIP-65 list)", async () => {
    const { hub, asked, routes, queryClient } = setup()
    const options = noteQueryOptions(hub, onZeds.id, { routes, hints: { relays: [], author: ZED } })
    expect((await queryClient.fetchQuery(options))?.content).toBe("only on zed's write relay")
    expect(routed(asked)).toEqual([
      { relays: [zedsRelay.url], reason: { kind: 'hint', id: onZeds.id } },
    ])
  })

  it('a thread asks for a missing parent where the reply names it (NIP-10 e tag hint)', async () => {
    const { hub, asked, routes, queryClient } = setup()
    const note = await queryClient.fetchQuery(noteQueryOptions(hub, focused.id))
    const hints = rootHints(note!, root.id, NO_HINTS)
    // The root's hint is the pool relay: the thread asks the pool only.
    expect(hints.relays).toEqual([pool.url])
    await queryClient.fetchQuery(threadQueryOptions(hub, root.id, { routes, hints }))
    const around = await queryClient.fetchQuery(
      aroundQueryOptions({ hub, queryClient, routes }, root.id, note, NO_HINTS),
    )
    expect(around.map((n) => n.id)).toContain(middle.id)
    expect(routed(asked)).toEqual([
      { relays: [hinted.url], reason: { kind: 'hint', id: middle.id } },
    ])
  })

  it("a repost's note is asked on the e tag's relay hint; a quote's on its q tag's", async () => {
    const { hub, asked, routes, queryClient } = setup()
    const [entry] = await resolveEntries({ hub, queryClient, routes }, [repost])
    expect(entry?.note?.content).toBe('only on the hinted relay')
    expect(routed(asked)).toEqual([
      { relays: [hinted.url], reason: { kind: 'hint', id: onHint.id } },
    ])
    asked.length = 0
    const rows = createRowLoader(hub)
    const quote = await hintedNoteLoader(rows.note, hub, routes, [hinted.url])(onHint.id)
    expect(quote?.content).toBe('only on the hinted relay')
    expect(routed(asked)).toEqual([
      { relays: [hinted.url], reason: { kind: 'hint', id: onHint.id } },
    ])
  })

  it("notifications read the user's own read relays beside the pool", async () => {
    const { hub, asked, routes, queryClient } = setup()
    const list = await queryClient.fetchQuery(
      notificationsQueryOptions(hub, USER, Date.now, routes),
    )
    expect(list.map((n) => n.event.id)).toContain(liked.id)
    expect(routed(asked)).toEqual([{ relays: [hinted.url], reason: { kind: 'own' } }])
  })

  it("a profile's metadata is asked of their write relays too, and their notes tab names them", async () => {
    const { hub, asked, queryClient, poolEntries, outbox } = setup()
    const queries = profileQueries({ hub, queryClient, pool: () => poolEntries, outbox })
    const metadata = await queryClient.fetchQuery(queries.metadata(ZED))
    expect(metadata?.name).toBe('zed on his relay')
    expect(routed(asked)).toEqual([
      { relays: [zedsRelay.url], reason: { kind: 'outbox', pubkeys: [ZED] } },
    ])
    expect(await outbox.notesRelays(ZED, poolEntries)).toEqual({
      outbox: [zedsRelay.url, pool.url],
      asked: [zedsRelay.url, pool.url],
    })
  })
})
