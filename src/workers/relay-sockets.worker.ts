/// <reference lib="webworker" />
import { bundleReports, createSocketHost, type SocketCommand } from './relay-sockets-api.ts'

// Every relay socket of the page lives here, so their frames are decoded off the main thread.
declare const self: DedicatedWorkerGlobalScope
const host = createSocketHost(bundleReports((reports) => self.postMessage(reports)))
self.onmessage = (event: MessageEvent<SocketCommand>) => {
  // A command the socket refuses (a close code it does not take) must not reach the page as the
  // worker's error event: that means the worker is gone, and every socket with it.
  try {
    host.handle(event.data)
  } catch (error) {
    console.warn('Plume: relay socket command refused', error)
  }
}
