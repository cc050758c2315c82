import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type EventTemplate,
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  type NostrEvent,
  verifyEvent,
} from 'nostr-tools/pure'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { byAuthors } from './faults.ts'
import { MemoryEventRepository } from './memory-repository.ts'
import { type RelayHandle, startRelay } from './relay.ts'

const alice = generateSecretKey()
const bob = generateSecretKey()
const NOW = Math.floor(Date.now() / 1000)

const sign = (key: Uint8Array, template: Partial<EventTemplate>): NostrEvent =>
  finalizeEvent({ kind: 1, content: '', tags: [], created_at: NOW, ...template }, key)

/** A raw NIP-01 client: every frame is queued so a test can wait for the one it needs. */
async function connect(url: string) {
  const ws = new WebSocket(url)
  const frames: unknown[][] = []
  const waiters: Array<() => void> = []
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as unknown[])
    for (const wake of waiters.splice(0)) wake()
  })
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const next = async (match: (frame: unknown[]) => boolean, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const index = frames.findIndex(match)
      if (index >= 0) return frames.splice(index, 1)[0]!
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`)
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        setTimeout(resolve, 50)
      })
    }
  }
  return {
    frames,
    closed,
    send: (frame: unknown[]) => ws.send(JSON.stringify(frame)),
    next,
    /** Sends a REQ and collects its stored events until EOSE. */
    async req(subId: string, ...filters: object[]): Promise<NostrEvent[]> {
      ws.send(JSON.stringify(['REQ', subId, ...filters]))
      await next((f) => f[0] === 'EOSE' && f[1] === subId)
      const events: NostrEvent[] = []
      for (let i = 0; i < frames.length; ) {
        const frame = frames[i]!
        if (frame[0] === 'EVENT' && frame[1] === subId) {
          events.push(frame[2] as NostrEvent)
          frames.splice(i, 1)
        } else i++
      }
      return events
    },
    async publish(event: NostrEvent) {
      ws.send(JSON.stringify(['EVENT', event]))
      return (await next((f) => f[0] === 'OK' && f[1] === event.id)) as [
        string,
        string,
        boolean,
        string,
      ]
    },
    close: () => ws.close(),
  }
}

const relays: RelayHandle[] = []
const tmpDirs: string[] = []
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.close()
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const open = async (options: Parameters<typeof startRelay>[0] = {}) => {
  const relay = await startRelay(options)
  relays.push(relay)
  return relay
}
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'plume-relay-'))
  tmpDirs.push(dir)
  return dir
}

describe('relay', () => {
  it('answers a REQ with seeded events, newest first, then EOSE', async () => {
    const notes = [1, 2, 3].map((i) => sign(alice, { content: `note ${i}`, created_at: NOW - i }))
    const relay = await open({ seed: notes })
    const client = await connect(relay.url)
    const events = await client.req('feed', { kinds: [1] })
    expect(events.map((e) => e.content)).toEqual(['note 1', 'note 2', 'note 3'])
    expect(relay.stats()).toMatchObject({ reqs: 1, connections: 1, open: 1 })
    client.close()
  })

  it('stores a signed event a client publishes and serves it back', async () => {
    const relay = await open()
    const client = await connect(relay.url)
    const note = sign(alice, { content: 'hello' })
    expect(await client.publish(note)).toEqual(['OK', note.id, true, ''])
    expect((await client.req('mine', { authors: [note.pubkey] })).map((e) => e.id)).toEqual([
      note.id,
    ])
    expect(relay.events().map((e) => e.id)).toEqual([note.id])
    client.close()
  })

  it('rejects a bad signature with OK false', async () => {
    const relay = await open()
    const client = await connect(relay.url)
    const note = sign(alice, { content: 'forged' })
    const forged = { ...note, sig: note.sig.replace(/^./, (c) => (c === '0' ? '1' : '0')) }
    const [, id, accepted, message] = await client.publish(forged)
    expect([id, accepted]).toEqual([note.id, false])
    expect(message).toMatch(/^invalid:/)
    expect(relay.events()).toEqual([])
    client.close()
  })

  it('answers a malformed EVENT with OK false and a bad REQ with CLOSED', async () => {
    const relay = await open()
    const client = await connect(relay.url)
    const note = sign(alice, { content: 'x' })
    client.send(['EVENT', { ...note, kind: 'one' }])
    expect((await client.next((f) => f[0] === 'OK'))[2]).toBe(false)
    client.send(['REQ', 'bad', { kinds: 'all' }])
    expect((await client.next((f) => f[0] === 'CLOSED'))[1]).toBe('bad')
    client.close()
  })

  it('keeps only the newest replaceable and addressable versions', async () => {
    const relay = await open()
    const client = await connect(relay.url)
    const old = sign(alice, { kind: 0, content: '{"name":"old"}', created_at: NOW - 10 })
    const fresh = sign(alice, { kind: 0, content: '{"name":"new"}', created_at: NOW })
    await client.publish(old)
    await client.publish(fresh)
    expect((await client.publish(old))[2]).toBe(true) // duplicate, still OK
    const profiles = await client.req('p', { kinds: [0], authors: [fresh.pubkey] })
    expect(profiles.map((e) => e.content)).toEqual(['{"name":"new"}'])

    const listA1 = sign(alice, {
      kind: 30000,
      tags: [['d', 'a']],
      content: 'a1',
      created_at: NOW - 5,
    })
    const listA2 = sign(alice, { kind: 30000, tags: [['d', 'a']], content: 'a2', created_at: NOW })
    const listB = sign(alice, {
      kind: 30000,
      tags: [['d', 'b']],
      content: 'b',
      created_at: NOW - 5,
    })
    for (const e of [listA1, listB, listA2]) await client.publish(e)
    const lists = await client.req('l', { kinds: [30000] })
    expect(lists.map((e) => e.content)).toEqual(['a2', 'b'])
    client.close()
  })

  it('applies a deletion request from the author only and keeps the request', async () => {
    const relay = await open()
    const client = await connect(relay.url)
    const note = sign(alice, { content: 'oops' })
    await client.publish(note)
    const foreign = sign(bob, { kind: 5, tags: [['e', note.id]] })
    await client.publish(foreign)
    expect(relay.events().some((e) => e.id === note.id)).toBe(true)
    const deletion = sign(alice, { kind: 5, tags: [['e', note.id]], created_at: NOW + 1 })
    await client.publish(deletion)
    expect(relay.events().some((e) => e.id === note.id)).toBe(false)
    expect(await client.req('d', { kinds: [5], authors: [deletion.pubkey] })).toHaveLength(1)
    expect((await client.publish(note))[2]).toBe(true) // re-broadcast: accepted but stays deleted
    expect(relay.events().some((e) => e.id === note.id)).toBe(false)
    client.close()
  })

  it('keepDeleted: stores and serves the request, keeps the note it names, and says no NIP-09', async () => {
    const relay = await open({ keepDeleted: true })
    const client = await connect(relay.url)
    const note = sign(alice, { content: 'kept' })
    await client.publish(note)
    const deletion = sign(alice, { kind: 5, tags: [['e', note.id]], created_at: NOW + 1 })
    expect((await client.publish(deletion))[2]).toBe(true)
    expect((await client.req('n', { ids: [note.id] })).map((e) => e.id)).toEqual([note.id])
    expect((await client.req('d', { kinds: [5], '#e': [note.id] })).map((e) => e.id)).toEqual([
      deletion.id,
    ])
    const response = await fetch(relay.url.replace('ws:', 'http:'), {
      headers: { Accept: 'application/nostr+json' },
    })
    expect(((await response.json()) as { supported_nips: number[] }).supported_nips).not.toContain(
      9,
    )
    client.close()
  })

  it('delivers live events only to subscriptions whose tag filters match', async () => {
    const relay = await open()
    const client = await connect(relay.url)
    const bobKey = getPublicKey(bob)
    await client.req('mentions', { kinds: [1], '#p': [bobKey] })
    await relay.publish(sign(alice, { content: 'not for bob' }))
    const mention = sign(alice, { content: 'hi bob', tags: [['p', bobKey]] })
    await relay.publish(mention)
    const frame = await client.next((f) => f[0] === 'EVENT')
    expect((frame[2] as NostrEvent).id).toBe(mention.id)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(client.frames.filter((f) => f[0] === 'EVENT')).toEqual([])
    client.close()
  })

  it('closes the oldest subscription with CLOSED past the limit', async () => {
    const relay = await open({ maxSubscriptions: 2 })
    const client = await connect(relay.url)
    for (const id of ['s1', 's2', 's3']) await client.req(id, { kinds: [1] })
    expect(await client.next((f) => f[0] === 'CLOSED')).toEqual([
      'CLOSED',
      's1',
      'error: too many subscriptions, closed the oldest',
    ])
    client.close()
  })

  it('stops like a crash and starts again on the same port with the same data', async () => {
    const relay = await open()
    const client = await connect(relay.url)
    const note = sign(alice, { content: 'survives' })
    await client.publish(note)
    await relay.stop()
    expect(await client.closed).toBe(1006)
    await expect(connect(relay.url)).rejects.toThrow()
    await relay.start()
    const again = await connect(relay.url)
    expect((await again.req('x', { ids: [note.id] })).map((e) => e.id)).toEqual([note.id])
    expect(relay.stats().reqs).toBe(1)
    again.close()
  })

  it('persists to an append-only file and replays it, tolerating a torn last line', async () => {
    const file = join(tmp(), 'data', 'relay.jsonl')
    const seeded = sign(bob, { content: 'seeded' })
    const first = await startRelay({ persistFile: file, seed: [seeded] })
    const client = await connect(first.url)
    const note = sign(alice, { content: 'persisted' })
    await client.publish(note)
    await client.publish(sign(bob, { kind: 5, tags: [['e', seeded.id]] }))
    client.close()
    await first.close()
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3)

    appendFileSync(file, '{"id":"torn')
    const second = await open({ persistFile: file })
    expect(second.events().map((e) => e.id)).toContain(note.id)
    expect(second.events().map((e) => e.id)).not.toContain(seeded.id)
    const later = sign(alice, { content: 'after the tear', created_at: NOW + 2 })
    await second.publish(later)
    const lines = readFileSync(file, 'utf8').split('\n')
    expect(lines.at(-1)).toBe('')
    expect(JSON.parse(lines.at(-2)!)).toEqual(JSON.parse(JSON.stringify(later)))
  })

  it('seeds a persistence file once and never duplicates lines', async () => {
    const file = join(tmp(), 'relay.jsonl')
    const seed = [sign(alice, { content: 's' })]
    await (await startRelay({ persistFile: file, seed })).close()
    await (await startRelay({ persistFile: file, seed })).close()
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1)
  })

  it('serves NIP-11 over HTTP with CORS', async () => {
    const relay = await open({ name: 'Test relay', info: { contact: 'me@example.com' } })
    const response = await fetch(relay.url.replace('ws:', 'http:'), {
      headers: { Accept: 'application/nostr+json' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('content-type')).toBe('application/nostr+json')
    const info = (await response.json()) as Record<string, unknown>
    expect(info).toMatchObject({ name: 'Test relay', contact: 'me@example.com', version: '0.0.40' })
    expect(info.supported_nips).toContain(11)
    expect(info.limitation).toMatchObject({ max_limit: 1000 })
  })

  it('corrupts signatures on the way out when told to, and not otherwise', async () => {
    const aliceNote = sign(alice, { content: 'from alice' })
    const bobNote = sign(bob, { content: 'from bob', created_at: NOW - 1 })
    const relay = await open({
      seed: [aliceNote, bobNote],
      faults: { corruptSignatures: byAuthors(aliceNote.pubkey) },
    })
    const client = await connect(relay.url)
    const [first, second] = await client.req('all', { kinds: [1] })
    expect(first!.id).toBe(aliceNote.id)
    expect(first!.sig).not.toBe(aliceNote.sig)
    expect(verifyEvent({ ...first! })).toBe(false)
    expect(second!.sig).toBe(bobNote.sig)
    expect(relay.events().find((e) => e.id === aliceNote.id)?.sig).toBe(aliceNote.sig)
    relay.setFaults(undefined)
    const [clean] = await client.req('again', { ids: [aliceNote.id] })
    expect(clean!.sig).toBe(aliceNote.sig)
    client.close()
  })

  it('delays and drops outgoing frames', async () => {
    const relay = await open({ seed: [sign(alice, {})], faults: { delayMs: 300 } })
    const client = await connect(relay.url)
    const started = Date.now()
    await client.req('slow', { kinds: [1] })
    expect(Date.now() - started).toBeGreaterThanOrEqual(280)
    relay.setFaults({ dropAll: true })
    client.send(['REQ', 'silent', { kinds: [1] }])
    await expect(client.next((f) => f[0] === 'EOSE', 400)).rejects.toThrow()
    client.close()
  })
})

describe('MemoryEventRepository', () => {
  const repo = new MemoryEventRepository()
  const tagged = sign(alice, {
    content: 'Nostr rocks',
    tags: [['t', 'nostr']],
    created_at: NOW - 30,
  })
  const events = [
    tagged,
    sign(alice, { content: 'two', created_at: NOW - 20 }),
    sign(bob, { content: 'three', created_at: NOW - 10 }),
    sign(bob, { kind: 7, content: '+', tags: [['e', tagged.id]], created_at: NOW - 5 }),
    sign(bob, { content: 'gone', tags: [['expiration', String(NOW - 1)]], created_at: NOW - 2 }),
  ]
  for (const e of events) repo.ingest(e)
  const contents = (filter: object) => repo.find(filter).map((e) => e.content)

  it('filters by authors, kinds, tags, since, until and limit, newest first', () => {
    expect(contents({ kinds: [1] })).toEqual(['three', 'two', 'Nostr rocks'])
    expect(contents({ authors: [tagged.pubkey] })).toEqual(['two', 'Nostr rocks'])
    expect(contents({ '#t': ['nostr'] })).toEqual(['Nostr rocks'])
    expect(contents({ '#e': [tagged.id], kinds: [7] })).toEqual(['+'])
    expect(contents({ since: NOW - 20, until: NOW - 10 })).toEqual(['three', 'two'])
    expect(contents({ kinds: [1], limit: 1 })).toEqual(['three'])
    expect(contents({ ids: [] })).toEqual([])
    expect(contents({ search: 'ROCKS' })).toEqual(['Nostr rocks'])
  })

  it('hides expired events', () => {
    expect(repo.size).toBe(5)
    expect(contents({}).includes('gone')).toBe(false)
  })

  it('applies the default and maximum limits', () => {
    const many = new MemoryEventRepository({ defaultLimit: 3 })
    for (let i = 0; i < 40; i++) many.ingest(sign(alice, { content: `${i}`, created_at: NOW - i }))
    expect(many.find({})).toHaveLength(3)
    expect(many.find({ limit: 100 })).toHaveLength(30)
  })
})
