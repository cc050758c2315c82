/**
 * The start-up script: a module of its own in index.html, run as soon as the document is parsed,
 * before the app's scripts have loaded. It begins the config request, the relay-socket and verify
 * workers and the pool's relay connections, which the app takes over (actors/relays/head-start.ts).
 */
import { beginHeadStart, setHeadStart } from '../actors/relays/head-start.ts'
import { startSocketWorker } from '../actors/relays/socket-port.ts'
import { newVerifyWorker } from '../actors/relays/verify-worker.ts'
import { RUNTIME_CONFIG_PATH } from '../core/platform/runtime-config.ts'

setHeadStart(
  beginHeadStart({
    fetchConfig: () => fetch(RUNTIME_CONFIG_PATH),
    startSocketWorker,
    startVerifyWorker: newVerifyWorker,
    later: (run, ms) => setTimeout(run, ms),
  }),
)
