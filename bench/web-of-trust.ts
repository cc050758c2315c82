/**
 * The web of trust (src/core/people/web-of-trust.ts) for a user following 1,000 people who each
 * follow 1,000, drawn from 250,000 random pubkeys (so lists overlap, as real follow graphs do), in
 * Node, three rows, each against a plain `Set` in the same process:
 *
 * - `web of trust build`: building the trusted set (`trustedSet`) against adding every pubkey to
 *   a bare `Set` in a loop.
 * - `web of trust memory`: the heap the set holds once built (after a full GC, the lists kept on
 *   both sides), against the heap of the 1,000 lists it is built from (each parsed on its own,
 *   as from a relay) and the 10,000 authors.
 * - `web of trust 10k events`: testing 10,000 events' authors (`isOutside`, half of them from the
 *   pool, half fresh) against `Set.has` on the same set.
 *
 * Each time is the median of the bench's runs, after one discarded warm-up.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { isOutside, trustedSet } from '../src/core/people/web-of-trust.ts'
import type { Measure } from './context.ts'
import { median, round } from './stats.ts'

const FOLLOWS = 1000
const EACH = 1000
const POOL = 250_000
const EVENTS = 10_000

/** A fixed-seed generator (mulberry32), so every run measures the same graph. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const hexOf = (next: () => number) =>
  Array.from({ length: 8 }, () =>
    Math.floor(next() * 2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ).join('')

/** Through JSON, as each list arrives from a relay: its own flat string for every pubkey. */
const parsed = (pubkeys: string[]): string[] => JSON.parse(JSON.stringify(pubkeys)) as string[]

function graph() {
  const next = random(3)
  const pool = Array.from({ length: POOL }, () => hexOf(next))
  const pick = () => pool[Math.floor(next() * POOL)]!
  const user = hexOf(next)
  const follows = parsed(Array.from({ length: FOLLOWS }, pick))
  const lists = follows.map(() => parsed(Array.from({ length: EACH }, pick)))
  const authors = parsed(
    Array.from({ length: EVENTS }, (_, i) => (i % 2 === 0 ? pick() : hexOf(next))),
  )
  return { user, follows, lists, authors }
}

/** A full collection, from Node's own `gc` exposed at run time (the bench runs without flags). */
function collector(): () => void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  return () => {
    gc()
    gc()
  }
}

const heapAfter = (collect: () => void) => {
  collect()
  return process.memoryUsage().heapUsed
}

const time = (work: () => void) => {
  const start = performance.now()
  work()
  return performance.now() - start
}

function bareSet(user: string, follows: readonly string[], lists: readonly string[][]) {
  const set = new Set<string>()
  set.add(user)
  for (const pubkey of follows) set.add(pubkey)
  for (const list of lists) for (const pubkey of list) set.add(pubkey)
  return set
}

export const webOfTrustBench: Measure = {
  name: 'web of trust',
  async run(context) {
    const collect = collector()
    const before = heapAfter(collect)
    const { user, follows, lists, authors } = graph()
    const listsHeap = heapAfter(collect) - before
    const runs = context.runs
    const build: number[] = []
    const reference: number[] = []
    let trusted: ReadonlySet<string> = new Set()
    for (let run = 0; run <= runs; run++) {
      const ours = time(() => {
        trusted = trustedSet(user, follows, lists)
      })
      const bare = time(() => void bareSet(user, follows, lists))
      // The first run warms both up and is left out.
      if (run > 0) {
        build.push(ours)
        reference.push(bare)
      }
    }
    trusted = new Set()
    const empty = heapAfter(collect)
    trusted = trustedSet(user, follows, lists)
    const setHeap = heapAfter(collect) - empty
    const tests: number[] = []
    const lookups: number[] = []
    let outside = 0
    let missing = 0
    for (let run = 0; run <= runs; run++) {
      outside = 0
      missing = 0
      const ours = time(() => {
        for (const author of authors) if (isOutside(trusted, author)) outside++
      })
      const bare = time(() => {
        for (const author of authors) if (!trusted.has(author)) missing++
      })
      if (run > 0) {
        tests.push(ours)
        lookups.push(bare)
      }
    }
    if (outside !== missing) throw new Error(`isOutside found ${outside}, Set.has ${missing}`)
    const details = { follows: FOLLOWS, each: EACH, pool: POOL, trusted: trusted.size, runs }
    return [
      {
        name: 'web of trust build',
        unit: 'ms',
        value: round(median(build), 2),
        reference: round(median(reference), 2),
        target: null,
        details: { ...details, build, reference },
      },
      {
        name: 'web of trust memory',
        unit: 'MiB',
        value: round(setHeap / 2 ** 20, 1),
        reference: round(listsHeap / 2 ** 20, 1),
        target: null,
        details: { ...details, setBytes: setHeap, listsBytes: listsHeap },
      },
      {
        name: 'web of trust 10k events',
        unit: 'ms',
        value: round(median(tests), 3),
        reference: round(median(lookups), 3),
        target: null,
        details: { ...details, events: EVENTS, outside, tests, lookups },
      },
    ]
  },
}
