/** The page's end of the relay-socket worker (workers/relay-sockets-api.ts). */
import type { SocketCommand, SocketReport } from '../../workers/relay-sockets-api.ts'

/** The page's end of the worker (a MessagePort over the same host in tests). */
export interface SocketPort {
  post(command: SocketCommand): void
  /** `failed`: the worker could not start or died; its sockets are gone. */
  listen(report: (report: SocketReport) => void, failed: () => void): void
}

/** The app's relay-socket worker, a module worker like the others (precached with the app). */
export function startSocketWorker(): SocketPort {
  const worker = new Worker(new URL('../../workers/relay-sockets.worker.ts', import.meta.url), {
    type: 'module',
  })
  return {
    post: (command) => worker.postMessage(command),
    listen(report, failed) {
      worker.onmessage = (event: MessageEvent<SocketReport[]>) => {
        for (const each of event.data) report(each)
      }
      // Its sockets are given up for closed: the worker goes with them, none left open behind.
      worker.onerror = () => {
        worker.terminate()
        failed()
      }
    },
  }
}
