import { type NostrEvent, verifyEvent } from 'nostr-tools/pure'
import { beforeAll, describe, expect, it } from 'vitest'
import { freePorts } from './free-port.ts'
import { generateWideWorld, WIDE_WINDOW, type WideWorld, wideRelaysOn } from './wide-world.ts'
import { startPlacedRelays } from './world-relays.ts'

const NOW = 1_760_000_000
let wide: WideWorld
let ports: number[]

const tagValues = (e: NostrEvent, name: string): string[] =>
  e.tags.filter((t) => t[0] === name).map((t) => t[1] ?? '')

beforeAll(async () => {
  ports = await freePorts(43)
  const started = performance.now()
  wide = await generateWideWorld({ relays: wideRelaysOn(ports), now: NOW })
  console.info(
    `wide world: ${wide.events.length} events in ${Math.round(performance.now() - started)} ms`,
  )
}, 60_000)

describe('the wide world', () => {
  it('has 500 authors over 40 spread relays, each naming 2–3 of them', () => {
    expect(wide.authors).toHaveLength(500)
    expect(wide.relays.spread).toHaveLength(40)
    const spread = new Set(wide.relays.spread)
    const used = new Set<string>()
    const authors = new Set(wide.authors)
    const lists = wide.events.filter((e) => e.kind === 10002 && authors.has(e.pubkey))
    expect(lists).toHaveLength(500)
    for (const e of lists) {
      const urls = tagValues(e, 'r')
      expect(urls.length).toBeGreaterThanOrEqual(2)
      expect(urls.length).toBeLessThanOrEqual(3)
      for (const url of urls) {
        expect(spread.has(url)).toBe(true)
        used.add(url)
      }
      expect(wide.relayLists[e.pubkey]?.write.length).toBeGreaterThan(0)
    }
    expect(used.size).toBe(40)
  })

  it('the reader follows every author and reads and writes on the two general relays', () => {
    const reader = wide.reader.pubkey
    const list = wide.events.find((e) => e.kind === 10002 && e.pubkey === reader)
    expect(list?.tags).toEqual(wide.relays.general.map((url) => ['r', url]))
    const contacts = wide.events.find((e) => e.kind === 3 && e.pubkey === reader) as NostrEvent
    expect(new Set(tagValues(contacts, 'p'))).toEqual(new Set(wide.authors))
    for (const [, pubkey, hint] of contacts.tags) {
      expect(hint).toBe(wide.relayLists[pubkey ?? '']?.write[0])
    }
  })

  it("stores notes only on their author's write relays, lists also on the indexer", () => {
    const [a, b] = wide.relays.general
    for (const e of wide.events) {
      const write = wide.relayLists[e.pubkey]?.write ?? []
      const expected = e.kind === 1 ? write : [...write, wide.relays.indexer]
      expect([...wide.relaysOf(e.id)].sort()).toEqual([...expected].sort())
    }
    const authors = new Set(wide.authors)
    const onGeneral = [...(wide.eventsByRelay.get(a) ?? []), ...(wide.eventsByRelay.get(b) ?? [])]
    expect(onGeneral.filter((e) => authors.has(e.pubkey))).toEqual([])
  })

  it('exports the followed notes of the last 7 days, newest first', () => {
    const notes = wide.events.filter((e) => e.kind === 1)
    expect(wide.followedNotes).toHaveLength(notes.length)
    expect(wide.followedNotes.length).toBeGreaterThanOrEqual(1000)
    for (const e of wide.followedNotes)
      expect(e.created_at).toBeGreaterThanOrEqual(NOW - WIDE_WINDOW)
    for (let i = 1; i < wide.followedNotes.length; i++) {
      const [x, y] = [wide.followedNotes[i - 1], wide.followedNotes[i]] as [NostrEvent, NostrEvent]
      expect(x.created_at > y.created_at || (x.created_at === y.created_at && x.id < y.id)).toBe(
        true,
      )
    }
  })

  it('is signed and deterministic', async () => {
    const sample = wide.events.filter((_, i) => i % 50 === 0)
    for (const e of sample) expect(verifyEvent({ ...e })).toBe(true)
    const again = await generateWideWorld({ relays: wideRelaysOn(ports), now: NOW })
    expect(again.events.map((e) => e.id)).toEqual(wide.events.map((e) => e.id))
  }, 60_000)

  it('seeds a relay per URL with its share, quickly', async () => {
    const started = performance.now()
    const placed = wide.relayUrls.map((url, i) => ({ name: `r${i}`, url, title: 'wide' }))
    const { running, close } = await startPlacedRelays(placed, wide.eventsByRelay)
    const seedMs = performance.now() - started
    console.info(`wide world: ${running.length} relays seeded in ${Math.round(seedMs)} ms`)
    try {
      expect(running).toHaveLength(43)
      for (const r of running) {
        expect(r.relay.events()).toHaveLength(wide.eventsByRelay.get(r.url)?.length ?? -1)
      }
    } finally {
      await close()
    }
  })
})
