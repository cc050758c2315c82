/** The verify worker itself, apart from its Comlink client: the start-up script starts it bare. */
export const newVerifyWorker = (): Worker =>
  new Worker(new URL('../../workers/verify.worker.ts', import.meta.url), { type: 'module' })
