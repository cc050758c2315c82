/**
 * The app actor's wiring: the root machine with its children provided (the config loader, the
 * relay pool over real sockets, the login, the preferences), and the persisted query cache.
 */
import type { QueryClient } from '@tanstack/react-query'
import { type Actor, type ActorOptions, type AnyActorLogic, createActor } from 'xstate'
import { appMachine } from '../../machines/app.machine.ts'
import {
  type CacheRestoreActorRef,
  cacheRestoreMachine,
} from '../../machines/cache-restore.machine.ts'
import { loginMachine } from '../../machines/login.machine.ts'
import { preferencesMachine } from '../../machines/preferences.machine.ts'
import { relayPoolMachine } from '../../machines/relay-pool.machine.ts'
import type { socketMachine } from '../../machines/socket.machine.ts'
import {
  CACHE_RESTORE_INPUT,
  cacheRestoreEffects,
  reportCacheErrors,
} from '../app/cache-restore.effects.ts'
import { loadConfig } from '../app/load-config.ts'
import { preferencesEffects } from '../app/preferences.effects.ts'
import type { loginEffects } from '../identity/login.effects.ts'

type Inspect = ActorOptions<AnyActorLogic>['inspect']

export const preferencesLogic = preferencesMachine.provide(preferencesEffects)

export interface AppDeps {
  /** The socket machine the pool runs one of per relay. */
  socket: typeof socketMachine
  login: ReturnType<typeof loginEffects>['actors']
  inspect?: Inspect
}

/** The app's root actor, not started yet. */
export const createApp = ({ socket, login, inspect }: AppDeps): Actor<typeof appMachine> =>
  createActor(
    appMachine.provide({
      actors: {
        loadConfig,
        relayPool: relayPoolMachine.provide({ actors: { socket } }),
        login: loginMachine.provide({ actors: login }),
        preferences: preferencesLogic,
      },
    }),
    { inspect },
  )

/** The query cache restored from IndexedDB (queries wait until it is) and saved on change. */
export function startQueryCache(queryClient: QueryClient, inspect?: Inspect): CacheRestoreActorRef {
  const actor = createActor(cacheRestoreMachine.provide(cacheRestoreEffects(queryClient)), {
    input: CACHE_RESTORE_INPUT,
    inspect,
  })
  reportCacheErrors(actor)
  return actor.start()
}
