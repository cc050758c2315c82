/**
 * Keep-alive with its code loaded a moment after start, off the first note's path: its first ping
 * is 30 s away (spec §9). Relays that join or leave meanwhile, and those that let a request go
 * unanswered, are handed over when it loads.
 */
import type * as keepAliveModule from './keep-alive.ts'
import type { KeepAlive, KeepAliveLink } from './keep-alive.ts'

export type KeepAliveModule = typeof keepAliveModule
export type KeepAliveRelays = Pick<KeepAlive, 'addRelay' | 'removeRelay' | 'check'>

/** After the first screen's work; a load that fails is tried again after as long. */
export const KEEP_ALIVE_LOAD_MS = 5000

export function lazyKeepAlive(
  start: (module: KeepAliveModule) => KeepAlive,
  delayMs = KEEP_ALIVE_LOAD_MS,
): KeepAliveRelays {
  const waiting = new Map<string, KeepAliveLink>()
  /** Relays that let a request go unanswered before the code loaded: checked once it has. */
  const unanswered = new Set<string>()
  let running: KeepAlive | undefined
  const load = () =>
    import('./keep-alive.ts').then(
      (module) => {
        running = start(module)
        for (const link of waiting.values()) running.addRelay(link)
        waiting.clear()
        running.start()
        for (const url of unanswered) running.check(url)
        unanswered.clear()
      },
      (error: unknown) => {
        console.warn('Keep-alive failed to load', error)
        setTimeout(load, delayMs)
      },
    )
  setTimeout(load, delayMs)
  return {
    addRelay(link) {
      if (running) running.addRelay(link)
      else waiting.set(link.url, link)
    },
    removeRelay(url) {
      if (running) running.removeRelay(url)
      else {
        waiting.delete(url)
        unanswered.delete(url)
      }
    },
    check(url) {
      if (running) running.check(url)
      else if (waiting.has(url)) unanswered.add(url)
    },
  }
}
