// The note and thread queries against a real relay: real sockets (ws in Node), the real socket
// machine and hub, the verify API over a MessageChannel, a real QueryClient.
import { QueryClient } from '@tanstack/react-query'
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  keepOpenedNote,
  noteKey,
  noteQueryOptions,
} from '../../../../src/actors/feed/note-queries.ts'
import {
  aroundQueryOptions,
  followThread,
  threadKey,
  threadQueryOptions,
} from '../../../../src/actors/feed/thread-queries.ts'
import type { RelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import { type Note, toNote } from '../../../../src/core/feed/note.ts'
import { assembleThread, threadRootId } from '../../../../src/core/feed/thread.ts'
import {
  FAILED_TO_LOAD_NOTE,
  FAILED_TO_LOAD_REPLIES,
} from '../../../../src/core/relays/relay-messages.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { realHubs } from '../relays/real-hub.ts'

const alice = generateSecretKey()
const bob = generateSecretKey()
const now = Math.floor(Date.now() / 1000)
const sign = (key: Uint8Array, ago: number, content: string, tags: string[][] = []): NostrEvent =>
  finalizeEvent({ kind: 1, created_at: now - ago, tags, content }, key)

// A legacy thread in the deprecated positional form, one e tag each: every note names only its
// parent, so nothing but fetching parents by id finds the chain's top.
const root = sign(alice, 500, 'root')
const first = sign(bob, 400, 'first', [['e', root.id]])
const second = sign(alice, 300, 'second', [['e', first.id]])
const third = sign(bob, 200, 'third', [['e', second.id]])
// A marked thread: replies name the root, deeper ones their parent too.
const top = sign(alice, 500, 'top')
const replyOld = sign(bob, 300, 'reply old', [['e', top.id, '', 'root']])
const replyNew = sign(alice, 100, 'reply new', [['e', top.id, '', 'root']])
const deeper = sign(bob, 50, 'deeper', [
  ['e', top.id, '', 'root'],
  ['e', replyOld.id, '', 'reply'],
])

const hubs = realHubs()

let relay: RelayHandle

beforeAll(async () => {
  relay = await startRelay({
    seed: [root, first, second, third, top, replyOld, replyNew, deeper],
  })
})
afterAll(async () => {
  hubs.close()
  await relay.close()
})
afterEach(() => {
  void hubs.stopSockets()
})

const connect = (): RelayHub => hubs.connect([relay.url]).hub

const contents = (notes: readonly Note[]) => notes.map((n) => n.content)

async function load(hub: RelayHub, queryClient: QueryClient, id: string) {
  const focused = await queryClient.fetchQuery(noteQueryOptions(hub, id))
  if (!focused) throw new Error('note not found')
  const rootId = threadRootId(focused)
  const pool = await queryClient.fetchQuery(threadQueryOptions(hub, rootId))
  const around = await queryClient.fetchQuery(
    aroundQueryOptions({ hub, queryClient }, rootId, focused),
  )
  return { rootId, focused, layout: assembleThread(focused, [...pool, ...around]) }
}

describe('thread queries', () => {
  it('finds a note by id, and says null for one no relay has', async () => {
    const hub = connect()
    const queryClient = new QueryClient()
    expect((await queryClient.fetchQuery(noteQueryOptions(hub, third.id)))?.content).toBe('third')
    const absent = sign(alice, 0, 'never published')
    expect(await queryClient.fetchQuery(noteQueryOptions(hub, absent.id))).toBeNull()
  })

  it('a note or a thread no relay answers for fails to load, rather than being taken for absent', async () => {
    const connection = hubs.connect([relay.url], { eoseTimeoutMs: 800 })
    await connection.connected()
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    relay.setFaults({ dropAll: true })
    try {
      await expect(
        queryClient.fetchQuery(noteQueryOptions(connection.hub, third.id)),
      ).rejects.toThrow(FAILED_TO_LOAD_NOTE)
      await expect(
        queryClient.fetchQuery(threadQueryOptions(connection.hub, top.id)),
      ).rejects.toThrow(FAILED_TO_LOAD_REPLIES)
    } finally {
      relay.setFaults(undefined)
    }
    // Answering again, the relay's word stands: the thread, and null for a note it lacks.
    expect(
      contents(await queryClient.fetchQuery(threadQueryOptions(connection.hub, top.id))),
    ).toContain('reply old')
    const absent = sign(alice, 0, 'never published')
    expect(await queryClient.fetchQuery(noteQueryOptions(connection.hub, absent.id))).toBeNull()
  })

  it('keeps a note a row opened, though the relays asked for it by id lack it', async () => {
    const hub = connect()
    const queryClient = new QueryClient()
    const elsewhere = sign(alice, 0, 'read from a relay outside the pool')
    const note = toNote(elsewhere, Date.now())
    // A prefetch on the link (the pool only) under way as the row is opened.
    const prefetch = queryClient.fetchQuery(noteQueryOptions(hub, elsewhere.id))
    keepOpenedNote(queryClient, note)
    expect(await prefetch).toEqual(note)
    await queryClient.refetchQueries({ queryKey: noteKey(elsewhere.id) })
    expect(queryClient.getQueryData(noteKey(elsewhere.id))).toEqual(note)
    // A note the cache has is left as it is.
    keepOpenedNote(queryClient, { ...note, content: 'another copy' })
    expect(queryClient.getQueryData<Note>(noteKey(elsewhere.id))?.content).toBe(note.content)
  })

  it('climbs a positional chain by fetching each missing parent by id', async () => {
    const { layout } = await load(connect(), new QueryClient(), third.id)
    expect(layout.above.map((item) => (item.kind === 'note' ? item.note.content : 'gap'))).toEqual([
      'root',
      'first',
      'second',
    ])
  })

  it('gathers a marked thread: replies oldest first, deeper ones under their branch', async () => {
    const { layout } = await load(connect(), new QueryClient(), top.id)
    expect(layout.replies.map((branch) => branch.note.content)).toEqual(['reply old', 'reply new'])
    expect(contents(layout.replies[0]!.descendants)).toEqual(['deeper'])
  })

  it('adds replies published while the thread is open, once each', async () => {
    const hub = connect()
    const queryClient = new QueryClient()
    const { rootId } = await load(hub, queryClient, replyOld.id)
    const stop = followThread({ hub, queryClient }, rootId, replyOld.id, Date.now())
    const live = sign(alice, 0, 'live', [
      ['e', top.id, '', 'root'],
      ['e', replyOld.id, '', 'reply'],
    ])
    await relay.publish(live)
    await expect
      .poll(() => contents(queryClient.getQueryData<readonly Note[]>(threadKey(rootId)) ?? []))
      .toContain('live')
    stop()
    const pool = queryClient.getQueryData<readonly Note[]>(threadKey(rootId)) ?? []
    expect(pool.filter((n) => n.id === live.id)).toHaveLength(1)
  })
})
