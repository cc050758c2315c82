/**
 * The floor under the ingestion rows: a bare page in the same browser receiving the same events
 * from the same relays, REQ to the last EOSE, each frame only parsed (no verification, no
 * worker, no cache). What a client cannot go below on this machine whatever it does with them.
 */
import type { BenchContext } from './context.ts'
import { type CpuWindow, cpuMark, cpuSince } from './cpu-time.ts'

export interface BareReceive {
  ms: number
  /** The cores during the same window, seen from the bench's process (cpu-time.ts). */
  cpu: CpuWindow
}

export async function bareReceive(
  context: BenchContext,
  relayUrls: string[],
  filters: unknown[],
): Promise<BareReceive> {
  const browserContext = await context.browser.newContext()
  try {
    const page = await browserContext.newPage()
    // The reference client's page: a plain document that may open sockets (its own REQ for ten
    // notes is answered before these go out).
    await page.goto(context.referenceUrl)
    const mark = cpuMark()
    const ms = await page.evaluate(`(async () => {
      const started = performance.now()
      const receive = (url) => new Promise((done, fail) => {
        const socket = new WebSocket(url)
        socket.onopen = () => socket.send(JSON.stringify(['REQ', 'bare', ...${JSON.stringify(filters)}]))
        socket.onerror = () => fail(new Error('bare page: ' + url + ' failed'))
        socket.onmessage = (message) => {
          if (JSON.parse(message.data)[0] !== 'EOSE') return
          socket.close()
          done()
        }
      })
      await Promise.all(${JSON.stringify(relayUrls)}.map(receive))
      return performance.now() - started
    })()`)
    const cpu = cpuSince(mark)
    if (typeof ms !== 'number') throw new Error(`bare page answered ${JSON.stringify(ms)}`)
    return { ms, cpu }
  } finally {
    await browserContext.close()
  }
}
