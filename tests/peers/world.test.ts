import { decode } from 'nostr-tools/nip19'
import type { NostrEvent } from 'nostr-tools/pure'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type DemoWorld,
  generateDemoWorld,
  localWorldRelays,
  namedRelays,
  relayUrls,
} from './seed/index.ts'
import { placeEvents } from './seed/placement.ts'

const ORIGIN = 'http://127.0.0.1:8080'
const NOW = 1_760_000_000
const RELAYS = localWorldRelays(7777)
const [A, B] = RELAYS.general
const SMALL = new Set<string>(RELAYS.small)

let world: DemoWorld
let generationMs = 0

const tagValues = (e: NostrEvent, name: string): string[] =>
  e.tags.filter((t) => t[0] === name).map((t) => t[1] ?? '')
const ofKind = (kind: number): NostrEvent[] => world.events.filter((e) => e.kind === kind)
const listOf = (pubkey: string) => world.relayLists[pubkey] ?? { read: [], write: [] }
const sorted = (urls: readonly string[]) => [...urls].sort()

beforeAll(async () => {
  const start = performance.now()
  world = await generateDemoWorld({ origin: ORIGIN, now: NOW, relays: RELAYS })
  generationMs = performance.now() - start
  console.info(`many-relay world: ${world.events.length} events in ${Math.round(generationMs)} ms`)
}, 60_000)

describe('the many-relay world: who reads and writes where', () => {
  it('names its relays by role on consecutive ports', () => {
    expect(namedRelays(RELAYS).map((r) => `${r.name} ${r.url}`)).toEqual([
      'general-a ws://127.0.0.1:7777',
      'general-b ws://127.0.0.1:7778',
      'indexer ws://127.0.0.1:7779',
      'small-1 ws://127.0.0.1:7780',
      'small-2 ws://127.0.0.1:7781',
      'small-3 ws://127.0.0.1:7782',
      'small-4 ws://127.0.0.1:7783',
      'hint-only ws://127.0.0.1:7784',
    ])
    expect(world.relays).toEqual(RELAYS)
  })

  it('gives everyone a kind 10002 of 2–3 general or small relays with read/write markers', () => {
    const lists = ofKind(10002)
    expect(lists).toHaveLength(world.accounts.length)
    const markers = new Set<string>()
    for (const e of lists) {
      const rTags = e.tags.filter((t) => t[0] === 'r')
      expect(rTags.length, e.pubkey).toBeGreaterThanOrEqual(2)
      expect(rTags.length, e.pubkey).toBeLessThanOrEqual(3)
      for (const [, url, marker] of rTags) {
        expect([A, B, ...SMALL]).toContain(url)
        markers.add(marker ?? 'both')
      }
      // world.relayLists says the same as the event
      const list = listOf(e.pubkey)
      expect(sorted(list.write)).toEqual(
        sorted(rTags.filter((t) => t[2] !== 'read').map((t) => t[1] ?? '')),
      )
      expect(sorted(list.read)).toEqual(
        sorted(rTags.filter((t) => t[2] !== 'write').map((t) => t[1] ?? '')),
      )
      expect(list.write.length).toBeGreaterThan(0)
    }
    expect([...markers].sort()).toEqual(['both', 'read', 'write'])
    for (const small of SMALL) {
      expect(
        world.accounts.some((a) => listOf(a.pubkey).write.includes(small)),
        small,
      ).toBe(true)
    }
  })

  it('the demo account reads and writes on the two general relays', () => {
    const own = ofKind(10002).find((e) => e.pubkey === world.demoAccount.pubkey)
    expect(own?.tags).toEqual([
      ['r', A],
      ['r', B],
    ])
  })

  it('at least five people the demo account follows write only to small relays', () => {
    const contacts = ofKind(3).find((e) => e.pubkey === world.demoAccount.pubkey) as NostrEvent
    const smallOnly = tagValues(contacts, 'p').filter((pk) =>
      listOf(pk).write.every((url) => SMALL.has(url)),
    )
    expect(smallOnly.length).toBeGreaterThanOrEqual(5)
    // and they do post: their notes are on no general relay
    for (const pk of smallOnly) {
      const notes = ofKind(1).filter((e) => e.pubkey === pk && tagValues(e, 'e').length === 0)
      expect(notes.length).toBeGreaterThan(0)
      for (const n of notes) {
        if (tagValues(n, 'p').length > 0) continue
        expect(world.relaysOf(n.id).some((url) => url === A || url === B)).toBe(false)
      }
    }
  })

  it('relay lists do not depend on now', async () => {
    const later = await generateDemoWorld({ origin: ORIGIN, now: NOW + 86_400, relays: RELAYS })
    expect(later.relayLists).toEqual(world.relayLists)
  }, 60_000)
})

describe('the many-relay world: relay hints', () => {
  const hinted = () => new Map(world.hinted.map((h) => [h.id, h.relay]))
  const outbox = (pubkey: string) => listOf(pubkey).write[0]
  /** where a pointer to this event should say it is */
  const whereIs = () => {
    const only = hinted()
    const authors = new Map(world.events.map((e) => [e.id, e.pubkey]))
    return (id: string) => only.get(id) ?? outbox(authors.get(id) ?? '')
  }

  it("e and q tags name the author's write relay, p tags the person's", () => {
    const where = whereIs()
    let checked = 0
    for (const e of world.events) {
      if (e.kind === 9735) continue
      for (const [name, value, hint] of e.tags) {
        if (!value || hint === undefined) continue
        if (name === 'e' || name === 'q') {
          expect(hint, `${e.kind} ${name} ${value}`).toBe(where(value))
          checked++
        }
        if (name === 'p') {
          expect(hint).toBe(outbox(value))
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(3000)
  })

  it("nevent pointers in notes name the author's write relay (or the hint-only relay)", () => {
    const where = whereIs()
    let checked = 0
    for (const e of ofKind(1)) {
      for (const m of e.content.matchAll(/nostr:(nevent1\w+)/g)) {
        const decoded = decode(m[1] ?? '')
        if (decoded.type !== 'nevent') throw new Error('not an nevent')
        expect(decoded.data.relays).toEqual([where(decoded.data.id)])
        checked++
      }
    }
    expect(checked).toBeGreaterThan(20)
  })

  it("zap requests ask for the recipient's read relays", () => {
    const receipts = ofKind(9735)
    expect(receipts.length).toBeGreaterThan(5)
    for (const z of receipts) {
      const request = JSON.parse(tagValues(z, 'description')[0] ?? '') as NostrEvent
      const relays = request.tags.find((t) => t[0] === 'relays')?.slice(1)
      expect(sorted(relays ?? [])).toEqual(sorted(listOf(tagValues(request, 'p')[0] ?? '').read))
    }
  })
})

describe('the many-relay world: where each event is stored (ground truth)', () => {
  it('every event is somewhere; eventsByRelay and relaysOf agree', () => {
    const counted = new Map<string, number>()
    for (const [url, events] of world.eventsByRelay) {
      expect(relayUrls(RELAYS)).toContain(url)
      for (const e of events) {
        expect(world.relaysOf(e.id)).toContain(url)
        counted.set(e.id, (counted.get(e.id) ?? 0) + 1)
      }
    }
    for (const e of world.events) {
      expect(world.relaysOf(e.id).length, e.id).toBeGreaterThan(0)
      expect(counted.get(e.id)).toBe(world.relaysOf(e.id).length)
    }
    expect(world.relaysOf('0'.repeat(64))).toEqual([])
  })

  it("notes are on their author's write relays, and what tags people also on their read relays", () => {
    const only = new Set(world.hinted.map((h) => h.id))
    for (const e of world.events) {
      if (only.has(e.id) || e.kind === 9735) continue
      const stored = world.relaysOf(e.id)
      for (const url of listOf(e.pubkey).write) expect(stored).toContain(url)
      if ([1, 6, 7].includes(e.kind)) {
        for (const pk of tagValues(e, 'p')) {
          for (const url of listOf(pk).read) expect(stored, `${e.kind} ${e.id}`).toContain(url)
        }
      }
      const expected = new Set([
        ...listOf(e.pubkey).write,
        ...([0, 3, 10000, 10002].includes(e.kind) ? [RELAYS.indexer] : []),
        ...([1, 6, 7].includes(e.kind) ? tagValues(e, 'p').flatMap((pk) => listOf(pk).read) : []),
      ])
      expect(sorted(stored)).toEqual(sorted([...expected]))
    }
    // replies and reactions reach people who read elsewhere than their author writes
    const reachedInbox = world.events.filter(
      (e) =>
        e.kind === 7 && world.relaysOf(e.id).some((url) => !listOf(e.pubkey).write.includes(url)),
    )
    expect(reachedInbox.length).toBeGreaterThan(50)
  })

  it("zap receipts are on the relays the request names, the recipient's inbox", () => {
    for (const z of world.events.filter((e) => e.kind === 9735)) {
      const recipient = tagValues(z, 'p')[0] ?? ''
      expect(sorted(world.relaysOf(z.id))).toEqual(sorted(listOf(recipient).read))
    }
  })

  it('the indexer holds everyone’s profile, contacts, relay list and mute list, and nothing else', () => {
    const indexed = world.eventsByRelay.get(RELAYS.indexer) ?? []
    expect(new Set(indexed.map((e) => e.kind))).toEqual(new Set([0, 3, 10000, 10002]))
    for (const kind of [0, 3, 10002]) {
      expect(indexed.filter((e) => e.kind === kind)).toHaveLength(world.accounts.length)
    }
    expect(indexed.filter((e) => e.kind === 10000)).toHaveLength(
      world.events.filter((e) => e.kind === 10000).length,
    )
  })

  it('a few notes live only on the hint-only relay, in nobody’s list, reached through a hint', () => {
    expect(world.hinted.length).toBeGreaterThanOrEqual(3)
    expect(new Set(world.hinted.map((h) => h.via))).toEqual(new Set(['nevent', 'q']))
    expect(Object.values(world.relayLists).flatMap((l) => [...l.read, ...l.write])).not.toContain(
      RELAYS.hintOnly,
    )
    const stored = world.eventsByRelay.get(RELAYS.hintOnly) ?? []
    expect(sorted(stored.map((e) => e.id))).toEqual(sorted(world.hinted.map((h) => h.id)))
    const byId = new Map(world.events.map((e) => [e.id, e]))
    for (const h of world.hinted) {
      expect(world.relaysOf(h.id)).toEqual([RELAYS.hintOnly])
      const pointer = byId.get(h.referencedBy) as NostrEvent
      expect(pointer.kind).toBe(1)
      // the pointer is where the default pool reads
      expect(world.relaysOf(pointer.id).some((url) => url === A || url === B)).toBe(true)
      if (h.via === 'q') {
        expect(pointer.tags).toContainEqual(['q', h.id, RELAYS.hintOnly, byId.get(h.id)?.pubkey])
        expect(pointer.content).toMatch(/nostr:note1\w+/)
      } else {
        const nevent = /nostr:(nevent1\w+)/.exec(pointer.content)?.[1] ?? ''
        const decoded = decode(nevent)
        expect(decoded.type === 'nevent' && decoded.data).toMatchObject({
          id: h.id,
          relays: [RELAYS.hintOnly],
        })
        expect(tagValues(pointer, 'q')).toEqual([])
      }
    }
  })
})

describe('the single-relay world', () => {
  it('stores everything on its one relay, with no hint-only notes', async () => {
    const url = 'ws://127.0.0.1:7777'
    const single = await generateDemoWorld({ origin: ORIGIN, now: NOW, relayUrl: url })
    expect([...single.eventsByRelay.keys()]).toEqual([url])
    expect(single.eventsByRelay.get(url)).toEqual(single.events)
    expect(single.hinted).toEqual([])
    for (const e of single.events.slice(0, 200)) expect(single.relaysOf(e.id)).toEqual([url])
    // the same people and, but for the hinted notes, the same amount of everything
    expect(single.accounts).toEqual(world.accounts)
    expect(single.events.length).toBe(world.events.length - 2 * world.hinted.length)
  }, 60_000)
})

describe('placeEvents', () => {
  const event = (id: string, pubkey: string, kind: number, tags: string[][] = []): NostrEvent => ({
    id,
    pubkey,
    kind,
    tags,
    created_at: 1,
    content: '',
    sig: '',
  })
  const rules = { relays: ['ws://g', 'ws://i'], indexer: 'ws://i', fallback: ['ws://g'] }

  it('follows the outbox, the inbox and the indexer; an unlisted author writes to the fallback', () => {
    const events = [
      event('l1', 'alice', 10002, [
        ['r', 'ws://a'],
        ['r', 'ws://a-in', 'read'],
      ]),
      event('l2', 'bob', 10002, [
        ['r', 'ws://b', 'write'],
        ['r', 'ws://b-in', 'read'],
      ]),
      event('n1', 'alice', 1),
      event('r1', 'bob', 1, [
        ['e', 'n1'],
        ['p', 'alice'],
      ]),
      event('c1', 'bob', 3, [['p', 'alice']]),
      event('x1', 'carol', 1),
      event('h1', 'alice', 1),
    ]
    const placed = placeEvents(events, { ...rules, only: new Map([['h1', 'ws://h']]) })
    expect(placed.relaysOf('l1')).toEqual(['ws://a', 'ws://i'])
    expect(placed.relaysOf('n1')).toEqual(['ws://a'])
    expect(placed.relaysOf('r1')).toEqual(['ws://b', 'ws://a', 'ws://a-in'])
    // a contact list goes to the indexer, not to everyone's inbox
    expect(placed.relaysOf('c1')).toEqual(['ws://b', 'ws://i'])
    expect(placed.relaysOf('x1')).toEqual(['ws://g'])
    expect(placed.relaysOf('h1')).toEqual(['ws://h'])
    expect(placed.eventsByRelay.get('ws://g')?.map((e) => e.id)).toEqual(['x1'])
    expect(placed.eventsByRelay.get('ws://i')?.map((e) => e.id)).toEqual(['l1', 'l2', 'c1'])
  })
})
