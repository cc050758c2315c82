import { describe, expect, it } from 'vitest'
import {
  OUTBOX_MAX_RELAYS,
  planOutboxReads,
  planWaves,
} from '../../../../src/core/relays/outbox-plan.ts'

const POOL = 'ws://127.0.0.1:7777'
const relay = (n: number) => `wss://r${n}.example.com`

/** Every relay a plan names and every author it serves. */
const served = (plan: Map<string, string[]>) => new Set([...plan.values()].flat())

describe('planOutboxReads', () => {
  it('is one relay with every author when they all write to the one pool relay', () => {
    const authors = Array.from({ length: 600 }, (_, i) => `a${i}`)
    // Half of them list the pool relay (spelled with a trailing slash); the others have no list.
    const plan = planOutboxReads({
      authors,
      writeRelaysOf: (a) => (Number(a.slice(1)) % 2 === 0 ? [`${POOL}/`] : undefined),
      fallback: [POOL],
    })
    expect([...plan.keys()]).toEqual([POOL])
    expect(plan.get(POOL)).toEqual(authors)
  })

  it("takes each author's 2 write relays, shared ones first, and the pool for authors with no list", () => {
    const lists: Record<string, string[]> = {
      alice: [relay(1), relay(2), relay(3)],
      bob: [relay(4), relay(2), relay(3)],
      carol: [relay(2), relay(5)],
    }
    const plan = planOutboxReads({
      authors: ['alice', 'bob', 'carol', 'dave'],
      writeRelaysOf: (a) => lists[a],
      fallback: [POOL],
    })
    expect(Object.fromEntries(plan)).toEqual({
      [relay(2)]: ['alice', 'bob', 'carol'],
      [relay(3)]: ['alice', 'bob'],
      [relay(5)]: ['carol'],
      [POOL]: ['dave'],
    })
  })

  it('never names a blocked relay (the blacklist, a pool relay it cannot read)', () => {
    const plan = planOutboxReads({
      authors: ['alice', 'bob'],
      writeRelaysOf: (a) => (a === 'alice' ? [relay(1), relay(2)] : [relay(1)]),
      fallback: [POOL],
      blocked: [`${relay(1)}/`],
    })
    expect(Object.fromEntries(plan)).toEqual({ [relay(2)]: ['alice'], [POOL]: ['alice', 'bob'] })
  })

  it(`past ${OUTBOX_MAX_RELAYS} relays, cuts to a cover that still reaches every author on their own relays`, () => {
    // 500 authors over 60 relays: author i writes to relay i % 60 and relay (i * 7) % 60; every
    // tenth has no list.
    const authors = Array.from({ length: 500 }, (_, i) => `a${i}`)
    const listOf = (a: string) => {
      const i = Number(a.slice(1))
      return i % 10 === 0 ? undefined : [relay(i % 60), relay((i * 7) % 60)]
    }
    const pool = [POOL, 'wss://pool-2.example.com']
    const plan = planOutboxReads({ authors, writeRelaysOf: listOf, fallback: pool })
    expect(OUTBOX_MAX_RELAYS).toBe(20)
    expect(served(plan).size).toBe(500)
    for (const author of authors) {
      const at = [...plan].filter(([, who]) => who.includes(author)).map(([url]) => url)
      const own = listOf(author)
      // Without a list: the whole pool. With one: at least one of their own relays, at most 2 in all.
      if (!own) expect(at.sort()).toEqual([...pool].sort())
      else {
        expect(at.some((url) => own.includes(url))).toBe(true)
        expect(at.length).toBeLessThanOrEqual(2)
      }
    }
    // Fewer relays than the choice of 2 per author, the relays serving the most authors first.
    const chosen = new Set(authors.flatMap((a) => listOf(a) ?? []))
    expect(plan.size).toBeLessThan(chosen.size + pool.length)
    const sizes = [...plan.values()].map((who) => who.length)
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
  })

  it('asks a cover in waves of at most the given relays outside the pool, the pool in the first', () => {
    const plan = new Map([
      [relay(1), ['a']],
      [POOL, ['b']],
      [relay(2), ['c']],
      [relay(3), ['d']],
    ])
    expect(planWaves(plan, [POOL], 2)).toEqual([
      [
        [POOL, ['b']],
        [relay(1), ['a']],
        [relay(2), ['c']],
      ],
      [[relay(3), ['d']]],
    ])
    expect(planWaves(new Map([[POOL, ['b']]]), [POOL], 2)).toEqual([[[POOL, ['b']]]])
  })

  it('a cover keeps the relay only one author writes to, and tops the others up from the pool', () => {
    // Three popular relays hold everyone; erin writes to two lonely relays and the popular r1.
    const lists: Record<string, string[]> = {
      erin: [relay(8), relay(9), relay(1)],
      frank: [relay(7)],
    }
    const crowd = Array.from({ length: 5 }, (_, i) => `c${i}`)
    for (const c of crowd) lists[c] = [relay(1), relay(2)]
    const plan = planOutboxReads({
      authors: [...crowd, 'erin', 'frank'],
      writeRelaysOf: (a) => lists[a],
      fallback: [POOL],
      maxRelays: 3,
    })
    // The cover: the pool, r1 (the crowd and erin), r7 (frank's only relay); r2 is not needed.
    expect(new Set(plan.keys())).toEqual(new Set([relay(1), POOL, relay(7)]))
    expect(plan.get(relay(1))).toEqual([...crowd, 'erin'])
    expect(plan.get(relay(7))).toEqual(['frank'])
    // Each author on 2 relays: their own kept ones, topped up from the pool.
    expect(plan.get(POOL)).toEqual([...crowd, 'erin', 'frank'])
  })
})
