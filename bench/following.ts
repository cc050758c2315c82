/**
 * The Following feed on many relays (NIP-65 outbox reading): how much of what the followed
 * authors wrote in the last 7 days the feed shows after scrolling back 7 days, against the world's
 * ground truth; how many REQs and sockets it took, the most sockets open at once; and the time to
 * its first note against the same world on one relay.
 *
 * Two worlds, all local: the demo world on its 8 relays (its demo account's follows) and the wide
 * world (500 authors over 40 relays, a reader who follows them all). The reader is logged in with
 * its npub (reading needs no key) and Follow Only is on, set before the app's scripts as a user
 * who chose it would have it stored.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import type { Browser, Page } from 'playwright-core'
import { localRuntimeConfig, type RuntimeConfig } from '../src/core/platform/runtime-config.ts'
import { type AppWorld, startAppServer } from '../tests/peers/app-server.ts'
import { freePort, freePorts } from '../tests/peers/free-port.ts'
import { startRelay } from '../tests/peers/relay.ts'
import { generateDemoWorld } from '../tests/peers/seed/index.ts'
import { WORLD_RELAY_COUNT, worldRelaysOn } from '../tests/peers/seed/relays.ts'
import { generateWideWorld, wideRelaysOn } from '../tests/peers/wide-world.ts'
import { worldRuntimeConfig } from '../tests/peers/world-config.ts'
import { startWorldRelays } from '../tests/peers/world-relays.ts'
import type { Measure } from './context.ts'
import { firstNoteSignal } from './page-wait.ts'
import { FIRST_NOTE_PROBE, PLAIN_FEED, parseProbeReading, READ_PROBE } from './probe.ts'
import { median, round } from './stats.ts'
import type { Row } from './table.ts'

const DAY = 86_400
const WINDOW = 7 * DAY
/** Give up scrolling when no new note showed for this long (a feed that stopped loading). */
const STALL_MS = 20_000
const TIMEOUT_MS = 60_000
const SOCKET_BUDGET = 20

/** A world the measure reads: where the app is served, who reads, and what they should see. */
interface Served {
  url: string
  reader: string
  /** The followed authors' notes of the window: the ids the feed should show. */
  truth: ReadonlySet<string>
  /** created_at of every note in the world, to tell when the feed passed the window. */
  createdAt: ReadonlyMap<string, number>
  /** The relays a note is stored on: where a missed one should have been read. */
  relaysOf(id: string): string[]
  close(): Promise<void>
}

/** Logged in by npub, Follow Only on, every note as it is (no hashtags, no ASCII art). */
const followingInit = (pubkey: string) => `(() => {
  localStorage.setItem('nostrPubkey', ${JSON.stringify(pubkey)})
  sessionStorage.setItem('nostrLoginMethod', 'npub')
  localStorage.setItem('filterByFollow', 'true')
})()`

interface Visit {
  firstNoteMs: number
  /** Ids of the notes the feed showed, while scrolling back through the window. */
  shown: Set<string>
  reqs: number
  socketsOpened: number
  peakSockets: number
}

/** One cold visit of the Following feed; with `scroll`, scrolled back until it passes the window. */
async function visit(
  browser: Browser,
  served: Served,
  now: number,
  scroll: boolean,
): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    await page.addInitScript(FIRST_NOTE_PROBE)
    await page.addInitScript(PLAIN_FEED)
    await page.addInitScript(followingInit(served.reader))
    let reqs = 0
    let socketsOpened = 0
    let open = 0
    let peakSockets = 0
    page.on('websocket', (socket) => {
      socketsOpened++
      peakSockets = Math.max(peakSockets, ++open)
      socket.on('close', () => open--)
      socket.on('framesent', ({ payload }) => {
        if (typeof payload === 'string' && /^\s*\[\s*"REQ"/.test(payload)) reqs++
      })
    })
    const noted = firstNoteSignal(page, TIMEOUT_MS)
    await page.goto(served.url, { waitUntil: 'commit', timeout: TIMEOUT_MS })
    await noted
    const { firstNote } = parseProbeReading(await page.evaluate(READ_PROBE))
    const shown = new Set<string>()
    if (scroll) await scrollBack(page, served, now - WINDOW, shown)
    return { firstNoteMs: firstNote, shown, reqs, socketsOpened, peakSockets }
  } finally {
    await context.close()
  }
}

/** Scrolls the feed down, noting every note it shows, until one is older than `since`. */
async function scrollBack(page: Page, served: Served, since: number, shown: Set<string>) {
  let lastNew = Date.now()
  for (;;) {
    const rows = await page.$$eval('[role=feed] article[data-note-id]', (articles) =>
      articles.map((article) => ({
        id: article.getAttribute('data-note-id') ?? '',
        repost: article.hasAttribute('data-repost-id'),
      })),
    )
    let oldest = Number.POSITIVE_INFINITY
    for (const { id, repost } of rows) {
      if (!shown.has(id)) lastNew = Date.now()
      shown.add(id)
      // A repost row shows the note it reposts, which may be far older than where it stands.
      if (!repost) oldest = Math.min(oldest, served.createdAt.get(id) ?? oldest)
    }
    if (oldest < since || Date.now() - lastNew > STALL_MS) {
      const passed = oldest < since ? 'passed the window' : 'stalled'
      console.log(`  scrolled back: ${shown.size} notes shown, ${passed}`)
      return
    }
    await page.evaluate('window.scrollBy(0, window.innerHeight * 2)')
    await page.waitForTimeout(150)
  }
}

/** The app served with this config over relays already running. */
async function serve(
  config: RuntimeConfig,
  world: AppWorld | undefined,
  distDir: string,
  truth: Omit<Served, 'url' | 'close'>,
  stop: () => Promise<void>,
): Promise<Served> {
  const app = await startAppServer({
    port: await freePort(),
    distDir,
    config,
    ...(world ? { world } : {}),
  })
  return {
    ...truth,
    url: `${app.url}/`,
    close: async () => {
      await app.close()
      await stop()
    },
  }
}

/** The ids the reader's Following feed should hold: followed, not muted, in the window. */
function followedTruth(
  events: readonly NostrEvent[],
  reader: string,
  now: number,
  skip: Set<string>,
) {
  const newest = (kind: number) =>
    events
      .filter((event) => event.kind === kind && event.pubkey === reader)
      .sort((a, b) => b.created_at - a.created_at)[0]
  const tagged = (event: NostrEvent | undefined) =>
    new Set((event?.tags ?? []).filter((tag) => tag[0] === 'p').map((tag) => tag[1] ?? ''))
  const follows = tagged(newest(3))
  const muted = tagged(newest(10000))
  return new Set(
    events
      .filter(
        (event) =>
          event.kind === 1 &&
          follows.has(event.pubkey) &&
          !muted.has(event.pubkey) &&
          event.created_at >= now - WINDOW &&
          event.created_at <= now &&
          !skip.has(event.id),
      )
      .map((event) => event.id),
  )
}

const createdAtOf = (events: readonly NostrEvent[]) =>
  new Map(events.map((event) => [event.id, event.created_at]))

/** The demo world on its 8 relays, or on one relay (every role one URL). */
async function demoWorld(distDir: string, now: number, oneRelay: boolean): Promise<Served> {
  const appPort = await freePort()
  const origin = `http://127.0.0.1:${appPort}`
  if (oneRelay) {
    const port = await freePort()
    const world = await generateDemoWorld({ origin, now, relayUrl: `ws://127.0.0.1:${port}` })
    const relay = await startRelay({ seed: world.events, port })
    const reader = world.demoAccount.pubkey
    const truth = followedTruth(world.events, reader, now, new Set())
    return serve(
      localRuntimeConfig([relay.url]),
      world,
      distDir,
      { reader, truth, createdAt: createdAtOf(world.events), relaysOf: () => [relay.url] },
      () => relay.close(),
    )
  }
  const world = await generateDemoWorld({
    origin,
    now,
    relays: worldRelaysOn(await freePorts(WORLD_RELAY_COUNT)),
  })
  const relays = await startWorldRelays({ world })
  const reader = world.demoAccount.pubkey
  // Notes kept only where no relay list leads (found through hints, not by following): not the
  // Following feed's to find.
  const hintOnly = new Set(world.hinted.map((note) => note.id))
  const truth = followedTruth(world.events, reader, now, hintOnly)
  return serve(
    worldRuntimeConfig(world.relays),
    world,
    distDir,
    { reader, truth, createdAt: createdAtOf(world.events), relaysOf: world.relaysOf },
    () => relays.close(),
  )
}

/** The wide world on its 43 relays, or on one relay. */
async function wideWorld(distDir: string, now: number, oneRelay: boolean): Promise<Served> {
  const ports = oneRelay ? Array(43).fill(await freePort()) : await freePorts(43)
  const world = await generateWideWorld({ relays: wideRelaysOn(ports), now })
  const running = await Promise.all(
    [...world.eventsByRelay].map(([url, events]) =>
      startRelay({ seed: events, port: Number(new URL(url).port) }),
    ),
  )
  return serve(
    worldRuntimeConfig(world.relays),
    undefined,
    distDir,
    {
      reader: world.reader.pubkey,
      truth: new Set(world.followedNotes.map((event) => event.id)),
      createdAt: createdAtOf(world.events),
      relaysOf: world.relaysOf,
    },
    async () => {
      await Promise.all(running.map((relay) => relay.close()))
    },
  )
}

type Open = (distDir: string, now: number, oneRelay: boolean) => Promise<Served>

/** Recall, REQs and sockets (one scrolled visit), and first-note times against one relay. */
async function measureWorld(
  browser: Browser,
  distDir: string,
  runs: number,
  name: string,
  open: Open,
  minRecall: number,
): Promise<Row[]> {
  const now = Math.floor(Date.now() / 1000)
  console.log(
    `following feed, ${name}: scrolling back 7 days, then ${runs} cold loads on each world`,
  )
  const many = await open(distDir, now, false)
  let scrolled: Visit
  const firstNotes: number[] = []
  try {
    scrolled = await visit(browser, many, now, true)
    for (let run = 0; run < runs; run++) {
      firstNotes.push((await visit(browser, many, now, false)).firstNoteMs)
    }
  } finally {
    await many.close()
  }
  const one = await open(distDir, now, true)
  const oneFirstNotes: number[] = []
  try {
    for (let run = 0; run < runs; run++) {
      oneFirstNotes.push((await visit(browser, one, now, false)).firstNoteMs)
    }
  } finally {
    await one.close()
  }
  const found = [...many.truth].filter((id) => scrolled.shown.has(id))
  const missing = [...many.truth].filter((id) => !scrolled.shown.has(id))
  const missedOn = new Map<string, number>()
  for (const id of missing) {
    for (const url of many.relaysOf(id)) missedOn.set(url, (missedOn.get(url) ?? 0) + 1)
  }
  if (missing.length > 0) console.log(`  missed, by relay: ${JSON.stringify([...missedOn])}`)
  const recall = round((100 * found.length) / Math.max(1, many.truth.size))
  const first = round(median(firstNotes))
  const oneFirst = round(median(oneFirstNotes))
  // Every target here is a ceiling (table.ts): recall is reported as the share missed.
  return [
    {
      name: `Following feed, ${name}: notes of 7 days missed (recall ${recall}%)`,
      unit: '%',
      value: round(100 - recall),
      reference: null,
      target: { max: 100 - minRecall, inclusive: true },
      details: {
        recallPercent: recall,
        shown: found.length,
        truth: many.truth.size,
        // Where the missed notes are stored, and how old they are: which relay or page lost them.
        missedOn: Object.fromEntries(missedOn),
        missing: missing.map((id) => ({
          id,
          ageHours: round((now - (many.createdAt.get(id) ?? now)) / 3600),
          on: many.relaysOf(id),
        })),
      },
    },
    {
      name: `REQs sent to reach it, ${name}`,
      unit: '',
      value: scrolled.reqs,
      reference: null,
      target: null,
    },
    {
      name: `Sockets opened to reach it, ${name}`,
      unit: '',
      value: scrolled.socketsOpened,
      reference: null,
      target: null,
    },
    {
      name: `Most sockets open at once, ${name}`,
      unit: '',
      value: scrolled.peakSockets,
      reference: null,
      target: { max: SOCKET_BUDGET, inclusive: true },
    },
    {
      name: `Following feed first note, ${name}; reference: one relay (median of ${runs})`,
      unit: 'ms',
      value: first,
      reference: oneFirst,
      target: null,
      details: { runs: firstNotes.map(round), oneRelayRuns: oneFirstNotes.map(round) },
    },
    {
      name: `Following feed first note, ${name}, over one relay's`,
      unit: '×',
      value: oneFirst > 0 ? Math.round((100 * first) / oneFirst) / 100 : Number.NaN,
      reference: null,
      target: { max: 1.5, inclusive: true },
    },
  ]
}

export const followingFeed: Measure = {
  name: 'following feed',
  async run(context) {
    const { browser, distDir, runs } = context
    return [
      ...(await measureWorld(browser, distDir, runs, 'demo world', demoWorld, 98)),
      ...(await measureWorld(browser, distDir, runs, 'wide world', wideWorld, 95)),
    ]
  },
}
