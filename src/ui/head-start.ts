/**
 * The start-up script: a module of its own in index.html, run as soon as the document is parsed.
 * It first adds the app's scripts to the page (app-scripts.ts), then begins the config and
 * WebAssembly requests (both preloaded by index.html), the splash and, where it applies, the early
 * feed (components/feed/early-feed.ts); then the relay-socket and verify workers and the pool's
 * relay connections, which the app takes over (actors/relays/head-start.ts).
 */
import wasmUrl from 'nostr-wasm/secp256k1.wasm?url'
import { beginHeadStart, headStart, setHeadStart } from '../actors/relays/head-start.ts'
import { startSocketWorker } from '../actors/relays/socket-port.ts'
import { newVerifyWorker } from '../actors/relays/verify-worker.ts'
import { RUNTIME_CONFIG_PATH } from '../core/platform/runtime-config.ts'
import { APP_HOLD_MS, loadAppScripts } from './app-scripts.ts'
import { showSplashOnStart } from './components/app/splash.ts'
import { markStart, startEarlyFeed } from './components/feed/early-feed.ts'

markStart('start')
// The app's scripts, which index.html holds (app-scripts.ts), wait for the early rows: asked for
// at once, their download and compile took the two cores from the early feed. On the bench's
// page (2 alternated rounds of 7 cold loads), the first note came at 247 and 264 ms against 276
// and 293, every early row at 365 and 392 against 538 and 530, the app's rows no later. They are
// asked for once the rows are drawn or will not be, and at most APP_HOLD_MS from here: the timer
// is set before anything that could fail and keep them from loading.
setTimeout(loadAppScripts, APP_HOLD_MS)
// The splash (spec §2) next: the early feed is drawn under it, not before it.
showSplashOnStart()
const config = fetch(RUNTIME_CONFIG_PATH)
// Fetched even where no early feed is drawn: the page's fetch takes index.html's preload (else
// the browser warns that it went unused), and the verify workers read the module from the cache.
const wasm = fetch(wasmUrl)
wasm.catch(() => undefined) // offline: the early feed is not drawn, the workers say what failed
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
void startEarlyFeed(config, wasm, loadAppScripts).then(() => {
  loadAppScripts()
  headStart()
})
