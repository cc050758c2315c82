/**
 * The relay-socket and verify workers as index.html's inline start began them
 * (scripts/vite-head-start.ts): a worker takes some 40 ms to start, and the inline script runs as
 * the page's head is parsed, before the start-up script has arrived and run (about 80 ms later on
 * this host). The start-up script takes them, once; without them (the dev server, the tests) it
 * starts its own.
 */
export const BOOT_GLOBAL = 'plumeBootWorkers'

export interface BootWorkers {
  sockets: Worker
  verify: Worker
}

/** The workers the inline start began, once; null when there are none. */
export function takeBootWorkers(): BootWorkers | null {
  const scope = globalThis as { [BOOT_GLOBAL]?: BootWorkers }
  const workers = scope[BOOT_GLOBAL] ?? null
  delete scope[BOOT_GLOBAL]
  return workers
}

/** The inline script that begins them, given the workers' built URLs. */
export const bootScript = (urls: { sockets: string; verify: string }): string =>
  `globalThis.${BOOT_GLOBAL}={sockets:new Worker(${JSON.stringify(urls.sockets)},{type:"module"}),verify:new Worker(${JSON.stringify(urls.verify)},{type:"module"})}`
