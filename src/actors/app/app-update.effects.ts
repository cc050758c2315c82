/**
 * The app update machine's effects over the service worker (Workbox), and the worker's events
 * sent to its actor. The composition root starts them once the first notes are shown
 * (src/ui/components/app/PwaLayer.tsx asks), never on the way to them: workbox-window and this
 * module are their own chunk.
 *
 * `update.waiting` comes from Workbox's `waiting` event (also fired for a worker that was already
 * waiting when the page loaded); `update.controlling` from `controllerchange`, which the page sees
 * when the worker it asked to skip waiting takes over.
 */
import { Workbox } from 'workbox-window'
import { fromPromise } from 'xstate'
import { isIosPlatform } from '../../core/app/app-update.ts'
import type { AppUpdateActorRef, appUpdateMachine } from '../../machines/app-update.machine.ts'
import { whenIdle } from '../platform/when-idle.ts'
import { isStandalone } from './display-mode.ts'
import { markUpdateReload } from './update-reload-flag.ts'

/**
 * The worker's install fetches every precached file (some 180: the shell, each screen's chunk,
 * workers, wasm, icons). It waits until the first screen's follow-up (pictures, profiles, zap
 * totals) has had its time, then for an idle moment, so that on a phone it does not compete with
 * them for the CPU and the network. Registered at the first idle moment, its install
 * took 400-800 ms of CPU from 1 s to 4 s after a cold load in Lighthouse's traces, on the same
 * two cores as the page.
 */
const REGISTER_DELAY_MS = 5000
const REGISTER_IDLE_TIMEOUT_MS = 5000

/**
 * /config.json is cached network-first as the app fetches it, but on the very first visit it was
 * fetched before any worker existed: once the new worker controls the page, fetch it again through
 * the worker, so the next start works offline.
 */
function warmConfigOnFirstControl(): void {
  if (navigator.serviceWorker.controller) return
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => void fetch('/config.json', { cache: 'no-cache' }).catch(() => undefined),
    { once: true },
  )
}

/** The service worker's page side, or null without service workers or in dev (none is built). */
export function serviceWorker(): Workbox | null {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return null
  return new Workbox('/sw.js', { scope: '/' })
}

export function appUpdateEffects(workbox: Workbox) {
  return {
    actors: {
      checkForUpdate: fromPromise(async () => {
        await workbox.update()
      }),
    },
    actions: {
      skipWaiting: () => workbox.messageSkipWaiting(),
      reload: () => {
        markUpdateReload()
        window.location.reload()
      },
    },
  } satisfies Parameters<(typeof appUpdateMachine)['provide']>[0]
}

/** How this page runs: installed, and on iOS. */
export const appUpdateInput = () => ({
  standalone: isStandalone(),
  ios: isIosPlatform(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
})

/** Sends the worker's events to the update actor, and registers /sw.js once the page is idle. */
export function followServiceWorker(workbox: Workbox, actor: AppUpdateActorRef): void {
  workbox.addEventListener('waiting', () => actor.send({ type: 'update.waiting' }))
  navigator.serviceWorker.addEventListener('controllerchange', () =>
    actor.send({ type: 'update.controlling' }),
  )
  warmConfigOnFirstControl()
  const register = () =>
    // A failed registration (private mode, blocked) leaves the app as it is: online only.
    workbox
      .register()
      .catch((error: unknown) => console.warn('Service worker not registered', error))
  setTimeout(() => whenIdle(register, { timeoutMs: REGISTER_IDLE_TIMEOUT_MS }), REGISTER_DELAY_MS)
}
