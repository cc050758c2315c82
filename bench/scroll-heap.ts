/**
 * Memory while scrolling the feed: a relay holding 10,000 notes (bench/ingest-events.ts), the app
 * scrolled down until 200 notes have been shown, then on to 2,000. At each mark the garbage is
 * collected (DevTools protocol) and the used JS heap read. The feed is virtualized, so the heap
 * after 2,000 notes should stay close to the heap after 200: target ratio under 1.2, the median
 * of BENCH_RUNS runs (3 at most), each in a fresh page.
 *
 * At each mark, what the heap holds: a heap snapshot summed by kind (compiled code, strings, JS
 * objects, Blink's objects) and by constructor, the query cache by group (through the tapped
 * build's hooks), the largest Maps and Sets in the page and the DOM's counters. The extra rows
 * and the details name what grew.
 */
import { fileURLToPath } from 'node:url'
import type { CDPSession, Page } from 'playwright-core'
import { startRelay } from '../tests/peers/relay.ts'
import type { PlumeBenchHooks } from './app-tap.ts'
import type { Measure } from './context.ts'
import { type HeapSummary, heapSummary, topGrowth } from './heap-snapshot.ts'
import { ingestEvents } from './ingest-events.ts'
import { median, round } from './stats.ts'
import type { Row } from './table.ts'
import { openTappedApp } from './tapped-app.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const MARKS = [200, 2000] as const
const TARGET_RATIO = 1.2
/** No new note for this long while scrolling: the feed has stalled. */
const STALL_MS = 20_000
const MiB = 1024 * 1024
/**
 * Runs at most: heap figures hardly move between runs (1.46x in each of 3; 1.14 to 1.16x), and
 * a run takes a minute on a loaded two-core machine.
 */
const MAX_RUNS = 3
/** Constructors and collections named in the details. */
const NAMED = 12

/** The highest aria-posinset among the feed's articles: how far the reader has come. */
const FURTHEST = `Math.max(0, ...[...document.querySelectorAll('[role=feed] article')]
  .map((article) => Number(article.getAttribute('aria-posinset')) || 0))`

/**
 * Run on an array of every Map (or Set) in the page: the largest, each with the kind of its
 * first entry, which tells them apart (64 hex characters are an event id).
 */
const LARGEST = `function (count) {
  const kind = (value) =>
    typeof value === 'string' ? 'string(' + value.length + ')'
    : Array.isArray(value) ? 'Array(' + value.length + ')'
    : value && typeof value === 'object' ? (value.constructor?.name ?? 'Object')
    : typeof value
  return this.map((collection) => {
    const first = collection.entries().next().value
    const entry = first && (collection instanceof Map ? kind(first[0]) + ' → ' + kind(first[1]) : kind(first[0]))
    return { size: collection.size, entry: (collection instanceof Map ? 'Map ' : 'Set ') + (entry ?? '') }
  }).sort((a, b) => b.size - a.size).slice(0, count)
}`

interface Collection {
  size: number
  entry: string
}

interface Mark {
  notes: number
  heapMiB: number
  dom: { documents: number; nodes: number; jsEventListeners: number }
  queryGroups: ReturnType<PlumeBenchHooks['queryGroups']>
  collections: Collection[]
  snapshot: HeapSummary
}

async function scrollTo(page: Page, notes: number): Promise<void> {
  let furthest = 0
  let movedAt = Date.now()
  while (furthest < notes) {
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)')
    await page.waitForTimeout(50)
    const now = Number(await page.evaluate(FURTHEST))
    if (now > furthest) {
      furthest = now
      movedAt = Date.now()
    } else if (Date.now() - movedAt > STALL_MS) {
      throw new Error(`the feed stalled at note ${furthest} of ${notes}`)
    }
  }
}

async function usedHeapMiB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize / MiB
}

async function largest(cdp: CDPSession, prototype: 'Map' | 'Set'): Promise<Collection[]> {
  const group = 'scroll-heap'
  try {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: `${prototype}.prototype`,
      objectGroup: group,
    })
    if (!result.objectId) return []
    const { objects } = await cdp.send('Runtime.queryObjects', {
      prototypeObjectId: result.objectId,
      objectGroup: group,
    })
    if (!objects.objectId) return []
    const { result: found } = await cdp.send('Runtime.callFunctionOn', {
      objectId: objects.objectId,
      functionDeclaration: LARGEST,
      arguments: [{ value: NAMED }],
      returnByValue: true,
    })
    return found.value as Collection[]
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: group })
  }
}

/** Everything read at a mark; the heap first, before the readings allocate anything. */
async function readMark(page: Page, cdp: CDPSession, notes: number): Promise<Mark> {
  const heapMiB = round(await usedHeapMiB(cdp), 2)
  const { documents, nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters')
  const queryGroups = (await page.evaluate(
    'globalThis.__plumeBench.queryGroups()',
  )) as Mark['queryGroups']
  const collections = [...(await largest(cdp, 'Map')), ...(await largest(cdp, 'Set'))]
    .sort((a, b) => b.size - a.size)
    .slice(0, NAMED)
  const snapshot = await heapSummary(cdp)
  return {
    notes,
    heapMiB,
    dom: { documents, nodes, jsEventListeners },
    queryGroups,
    collections,
    snapshot,
  }
}

async function scrollRun(context: Parameters<Measure['run']>[0], relayUrl: string) {
  const app = await openTappedApp(context, [relayUrl])
  try {
    const { page } = app
    const cdp = await page.context().newCDPSession(page)
    const marks: Mark[] = []
    for (const notes of MARKS) {
      await scrollTo(page, notes)
      // Past the query cache's next save (every 2 s), which holds a copy while it writes.
      await page.waitForTimeout(2500)
      marks.push(await readMark(page, cdp, notes))
    }
    return { marks: marks as [Mark, Mark], problems: app.problems }
  } finally {
    await app.close()
  }
}

const mib = (bytes: number) => round(bytes / MiB, 2)
const queries = (mark: Mark) =>
  Object.values(mark.queryGroups).reduce((sum, group) => sum + group.queries, 0)

/** A mark as the details keep it: the snapshot by kind, not every constructor. */
const described = ({ snapshot, queryGroups, ...mark }: Mark) => ({
  ...mark,
  snapshotMiB: Object.fromEntries(
    Object.entries(snapshot.kinds).map(([kind, bytes]) => [kind, mib(bytes)]),
  ),
  queryGroups: Object.fromEntries(
    Object.entries(queryGroups)
      .sort(([, a], [, b]) => b.queries - a.queries)
      .map(([name, group]) => [name, { ...group, kib: round(group.bytes / 1024) }]),
  ),
})

export const scrollHeap: Measure = {
  name: 'scroll heap',
  async run(context) {
    const relay = await startRelay({ seed: await ingestEvents(ROOT) })
    try {
      const runs: Awaited<ReturnType<typeof scrollRun>>[] = []
      const count = Math.min(context.runs, MAX_RUNS)
      for (let run = 0; run < count; run++) runs.push(await scrollRun(context, relay.url))
      /** The median over runs of a figure read at the first and at the last mark. */
      const atMarks = (pick: (mark: Mark) => number) =>
        [0, 1].map((at) => round(median(runs.map((run) => pick(run.marks[at as 0 | 1]))), 2)) as [
          number,
          number,
        ]
      const [atFirst, atLast] = atMarks((mark) => mark.heapMiB)
      const ratios = runs.map(({ marks: [first, last] }) => round(last.heapMiB / first.heapMiB, 2))
      const [codeFirst, codeLast] = atMarks((mark) => mib(mark.snapshot.kinds.code))
      const [dataFirst, dataLast] = atMarks((mark) =>
        mib(mark.snapshot.kinds.objects + mark.snapshot.kinds.strings),
      )
      const [queriesFirst, queriesLast] = atMarks(queries)
      const [nodesFirst, nodesLast] = atMarks((mark) => mark.dom.nodes)
      const [first] = runs
      const row = (name: string, unit: string, value: number, reference: number): Row => ({
        name: `  ${name} after ${MARKS[1]} notes (ref: after ${MARKS[0]})`,
        unit,
        value,
        reference,
        target: null,
      })
      return [
        {
          name: `JS heap after scrolling ${MARKS[1]} notes (ref: after ${MARKS[0]}; garbage collected)`,
          unit: 'MiB',
          value: atLast,
          reference: atFirst,
          target: null,
          details: {
            heapMiBPerRun: runs.map((run) => run.marks.map((mark) => mark.heapMiB)),
            marksPerRun: runs.map((run) => run.marks.map(described)),
            // What grew most between the marks in the first run, by constructor (self sizes).
            grewMost: first
              ? topGrowth(first.marks[0].snapshot, first.marks[1].snapshot, NAMED).map(
                  ({ name, bytes, countBefore, countAfter }) => ({
                    name,
                    kib: round(bytes / 1024),
                    count: [countBefore, countAfter],
                  }),
                )
              : [],
            problems: [...new Set(runs.flatMap((run) => run.problems))],
          },
        },
        {
          name: `  heap growth from ${MARKS[0]} to ${MARKS[1]} notes (median of ${runs.length})`,
          unit: '×',
          value: median(ratios),
          reference: null,
          target: { max: TARGET_RATIO, inclusive: false },
          details: { perRun: ratios },
        },
        // V8's optimized code grows as more of the app's functions run hot, whatever the notes.
        row('compiled code in the heap snapshot', 'MiB', codeLast, codeFirst),
        row('JS objects and strings in the heap snapshot', 'MiB', dataLast, dataFirst),
        row('queries in the query cache', '', queriesLast, queriesFirst),
        row('DOM nodes', '', nodesLast, nodesFirst),
      ]
    } finally {
      await relay.close()
    }
  },
}
