/**
 * The start-up script: a module of its own in index.html, run as soon as the document is parsed.
 * It first adds the app's scripts to the page (app-scripts.ts), then takes what the page's first
 * script began (ui/early-request.ts), if it did, and begins the config (put into the page by the
 * host, or preloaded by index.html) and WebAssembly (preloaded) requests, the splash and, where it
 * applies, the early feed (components/feed/early-feed.ts); then the relay-socket and verify
 * workers and the pool's relay connections, which the app takes over (actors/relays/head-start.ts).
 */
import wasmUrl from 'nostr-wasm/secp256k1.wasm?url'
import { takeEarlyStart } from '../actors/feed/early-request.ts'
import { beginHeadStart, headStart, setHeadStart } from '../actors/relays/head-start.ts'
import { startSocketWorker } from '../actors/relays/socket-port.ts'
import { newVerifyWorker } from '../actors/relays/verify-worker.ts'
import { RUNTIME_CONFIG_PATH } from '../core/platform/runtime-config.ts'
import { APP_HOLD_MS, loadAppScripts } from './app-scripts.ts'
import { showSplashOnStart } from './components/app/splash.ts'
import { markStart, startEarlyFeed } from './components/feed/early-feed.ts'
import { inlineConfig } from './inline-config.ts'

markStart('start')
// The app's scripts, which index.html holds (app-scripts.ts), wait for the early rows: asked for
// at once, their download and compile took the two cores from the early feed. On the bench's
// page (2 alternated rounds of 7 cold loads), the first note came at 247 and 264 ms against 276
// and 293, every early row at 365 and 392 against 538 and 530, the app's rows no later. They are
// asked for once the first row is on screen or none will be drawn, and at most APP_HOLD_MS from
// here: the timer is set before anything that could fail and keep them from loading.
setTimeout(loadAppScripts, APP_HOLD_MS)
// The splash (spec §2) next: the early feed is drawn under it, not before it.
showSplashOnStart()
// The config the host put into the page, else the file (index.html preloads it).
const inline = inlineConfig()
const config =
  inline === null
    ? fetch(RUNTIME_CONFIG_PATH)
    : Promise.resolve(new Response(inline, { headers: { 'Content-Type': 'application/json' } }))
// The early feed reads the page's config as it is, not through a response's body: that took
// a task of its own, behind the start's others.
const configJson: Promise<unknown> =
  inline === null
    ? config.then((response) => (response.ok ? response.clone().json() : null))
    : Promise.resolve(inline).then(JSON.parse)
// What the page's first script began (ui/early-request.ts): the early request, and the check.
const early = takeEarlyStart()
// Fetched even where no early feed is drawn: the page's fetch takes index.html's preload (else
// the browser warns that it went unused), and the verify workers read the module from the cache.
// Where the page's first script began the check, its fetch took the preload.
const wasm = early === null ? fetch(wasmUrl) : null
wasm?.catch(() => undefined) // offline: the early feed is not drawn, the workers say what failed
setHeadStart(() =>
  beginHeadStart({
    fetchConfig: () => config,
    startSocketWorker,
    startVerifyWorker: newVerifyWorker,
    later: (run, ms) => setTimeout(run, ms),
  }),
)
// The workers and their sockets begin once the early feed is drawn or will not be, or when the
// app asks first. Begun beside it, they took the two cores from its socket: on the bench's page,
// the first note came at a median of 155 ms, now 118, and the app's own rows at 271, now 249
// (10 cold loads each).
void startEarlyFeed(configJson, early, () => wasm ?? fetch(wasmUrl), loadAppScripts).then(() => {
  loadAppScripts()
  headStart()
})
