/**
 * The start-up script: a module of its own in index.html, run as soon as the document is parsed,
 * while the app's scripts are still loading. It begins the config request, the relay-socket and
 * verify workers and the pool's relay connections, which the app takes over
 * (actors/relays/head-start.ts). On the home screen of a visitor it asks those relays for the
 * feed's first page and draws the first notes from the answer, checked in the verify worker (the
 * early feed, core/feed/early-feed.ts), until the app's own feed takes their place. Then it starts
 * the app (core/app/app-entry.ts).
 */
import { type Remote, wrap } from 'comlink'
import type { NostrEvent } from 'nostr-tools/pure'
import { PUBKEY_KEY } from '../actors/identity/login-session.ts'
import { idbStore } from '../actors/platform/idb-store.ts'
import { takeBootWorkers } from '../actors/relays/boot-workers.ts'
import { beginHeadStart, setHeadStart } from '../actors/relays/head-start.ts'
import { startSocketWorker } from '../actors/relays/socket-port.ts'
import { newVerifyWorker } from '../actors/relays/verify-worker.ts'
import { APP_ENTRY_ATTRIBUTE, APP_WAIT_MS } from '../core/app/app-entry.ts'
import { CACHE_DATABASE, CACHE_KEY, CACHE_STORE } from '../core/app/persisted-cache.ts'
import { readStoredPreferences } from '../core/app/preferences.ts'
import { carriedNotes, earlyPage, earlyPlan, earlyRows } from '../core/feed/early-feed.ts'
import type { FeedFilter } from '../core/feed/feed-filter.ts'
import { RUNTIME_CONFIG_PATH } from '../core/platform/runtime-config.ts'
import type { VerifyApi } from '../workers/verify-api.ts'
import { drawEarlyFeed } from './components/feed/early-feed.ts'

let appStarted = false
/** The app's entry, preloaded by index.html, run once. */
function startApp(): void {
  if (appStarted) return
  appStarted = true
  const entry = document.querySelector<HTMLLinkElement>(`link[${APP_ENTRY_ATTRIBUTE}]`)
  if (entry) void import(/* @vite-ignore */ entry.href)
}

function plan() {
  try {
    return earlyPlan({
      pathname: location.pathname,
      search: location.search,
      loggedIn: localStorage.getItem(PUBKEY_KEY) !== null,
      stored: readStoredPreferences((key) => localStorage.getItem(key)),
    })
  } catch {
    // No local storage to read the preferences from: the app starts as it would.
    return null
  }
}

/**
 * A query cache kept from the last visit: the app paints its notes at once (a warm start, spec
 * §4), so nothing is drawn early.
 */
const warmStart = (): Promise<boolean> =>
  idbStore(CACHE_DATABASE, CACHE_STORE)
    .has(CACHE_KEY)
    .catch(() => false)

/** The rows of the first page, its reposts' notes checked first (as the app checks them). */
async function rowsOf(
  events: readonly NostrEvent[],
  filter: FeedFilter,
  verify: (events: readonly NostrEvent[]) => Promise<boolean[]>,
) {
  const page = earlyPage(events)
  const carried = carriedNotes(page)
  const valid = carried.length > 0 ? await verify(carried) : []
  return earlyRows(page, filter, new Set(carried.filter((_, i) => valid[i]).map((note) => note.id)))
}

/** Set once the first notes are asked for: the app starts when they are drawn. */
let drawing = false
/**
 * The early feed's client of the verify worker, kept for the page's life: a Comlink proxy that is
 * collected releases the worker's API, which the app's own proxy uses too.
 */
let verifier: Remote<VerifyApi> | null = null
try {
  const early = plan()
  const warm = early ? warmStart() : Promise.resolve(true)
  const boot = takeBootWorkers()
  const verifyWorker = boot?.verify ?? newVerifyWorker()
  if (early) verifier = wrap<VerifyApi>(verifyWorker)
  const verify = (events: readonly NostrEvent[]) =>
    verifier ? verifier.verify(events) : Promise.reject(new Error('no verifier'))
  const headStart = beginHeadStart({
    fetchConfig: () => fetch(RUNTIME_CONFIG_PATH),
    startSocketWorker: () => startSocketWorker(boot?.sockets),
    startVerifyWorker: () => verifyWorker,
    later: (run, ms) => setTimeout(run, ms),
    ...(early && { firstPage: warm.then((kept) => (kept ? null : early.filters)), verify }),
  })
  setHeadStart(headStart)
  if (early) {
    drawing = true
    void warm.then((kept) => kept && startApp())
    setTimeout(startApp, APP_WAIT_MS)
    void headStart.firstPage
      .then((events) => rowsOf(events, early.filter, verify))
      // Once the app has started (the relays were slow), its own feed is drawn instead.
      .then((rows) => appStarted || drawEarlyFeed(rows, early.tabs, Math.floor(Date.now() / 1000)))
      .finally(startApp)
  }
} finally {
  // Nothing to draw, or the head start could not begin: the app begins everything itself.
  if (!drawing) startApp()
}
