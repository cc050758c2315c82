// index.html's inline start: the workers it begins, taken once by the start-up script.
import { afterEach, describe, expect, it } from 'vitest'
import {
  BOOT_GLOBAL,
  bootScript,
  takeBootWorkers,
} from '../../../../src/actors/relays/boot-workers.ts'

const scope = globalThis as Record<string, unknown>
const realWorker = scope.Worker
afterEach(() => {
  scope.Worker = realWorker
  delete scope[BOOT_GLOBAL]
})

describe('the boot workers', () => {
  it('the inline script starts both module workers at their built URLs; the start-up script takes them once', () => {
    const started: { url: string; options: unknown }[] = []
    scope.Worker = class {
      constructor(url: string, options: unknown) {
        started.push({ url, options })
      }
    }
    const script = bootScript({ sockets: '/assets/s-1.js', verify: '/assets/v-"2".js' })
    new Function(script)()
    expect(started).toEqual([
      { url: '/assets/s-1.js', options: { type: 'module' } },
      { url: '/assets/v-"2".js', options: { type: 'module' } },
    ])
    const taken = takeBootWorkers()
    expect(taken?.sockets).toBeInstanceOf(scope.Worker as new () => unknown)
    expect(takeBootWorkers()).toBeNull()
  })

  it('none without the inline script (the dev server, the tests)', () => {
    expect(takeBootWorkers()).toBeNull()
  })
})
