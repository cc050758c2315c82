/**
 * The service worker and the app update machine, wired together: started once the first notes are
 * shown (the PWA layer asks), never on the way to them.
 */
import { createActor } from 'xstate'
import { type AppUpdateActorRef, appUpdateMachine } from '../../machines/app-update.machine.ts'
import {
  appUpdateEffects,
  appUpdateInput,
  followServiceWorker,
  serviceWorker,
} from '../app/app-update.effects.ts'

/** Registers /sw.js and returns the update actor (null without service workers, or in dev). */
export function startAppUpdate(): AppUpdateActorRef | null {
  const workbox = serviceWorker()
  if (!workbox) return null
  const actor = createActor(appUpdateMachine.provide(appUpdateEffects(workbox)), {
    input: appUpdateInput(),
  })
  actor.start()
  followServiceWorker(workbox, actor)
  return actor
}
