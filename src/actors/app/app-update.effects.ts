/**
 * The service worker and the app update machine, wired together. Loaded once the
 * first notes are shown (src/ui/shell/PwaLayer.tsx), never on the way to them:
 * workbox-window and this module are their own chunk.
 *
 * `update.waiting` comes from Workbox's `waiting` event (also fired for a worker that was already
 * waiting when the page loaded); `update.controlling` from `controllerchange`, which the page sees
 * when the worker it asked to skip waiting takes over.
 */
import { Workbox } from 'workbox-window'
import { createActor, fromPromise } from 'xstate'
import { isIosPlatform } from '../../core/app/app-update.ts'
import { type AppUpdateActorRef, appUpdateMachine } from '../../machines/app-update.machine.ts'
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

let started: AppUpdateActorRef | null = null

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

/** Registers /sw.js once and returns the update actor (null without service workers, or in dev). */
export function startServiceWorker(): AppUpdateActorRef | null {
  if (started) return started
  // The dev server has no worker to serve (vite-plugin-pwa builds it only for production).
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return null
  const workbox = new Workbox('/sw.js', { scope: '/' })
  const machine = appUpdateMachine.provide({
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
  })
  const actor = createActor(machine, {
    input: {
      standalone: isStandalone(),
      ios: isIosPlatform(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
    },
  })
  actor.start()
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
  started = actor
  return actor
}
