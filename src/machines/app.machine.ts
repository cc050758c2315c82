/**
 * The root actor: loads the runtime configuration, then runs the relay pool and the auxiliary
 * relays beside it; the login and the UI preferences run beside them for the app's whole life.
 * The dynamic relay manager that judges the pool starts beside the app once the first screen is
 * drawn (actors/relays/relay-manager.effects.ts), its code loaded then.
 */
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate'
import type { RuntimeConfig } from '../core/platform/runtime-config.ts'
import { auxRelaysMachine } from './aux-relays.machine.ts'
import { loginMachine } from './login.machine.ts'
import { preferencesMachine } from './preferences.machine.ts'
import { relayPoolMachine } from './relay-pool.machine.ts'

export interface AppContext {
  config: RuntimeConfig | null
  error: string | null
}

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as { type: 'app.retry' },
    children: {} as {
      relays: 'relayPool'
      auxRelays: 'auxRelays'
      config: 'loadConfig'
      login: 'login'
      preferences: 'preferences'
    },
  },
  actors: {
    loadConfig: fromPromise<RuntimeConfig>(async () => {
      throw new Error('loadConfig not provided')
    }),
    relayPool: relayPoolMachine,
    auxRelays: auxRelaysMachine,
    login: loginMachine,
    preferences: preferencesMachine,
  },
}).createMachine({
  id: 'app',
  context: { config: null, error: null },
  // Who the user is does not depend on the relays: login lives as long as the app, and so do the
  // UI preferences, which hear of sign-outs from the login through its systemId.
  invoke: [
    { id: 'login', systemId: 'login', src: 'login' },
    { id: 'preferences', src: 'preferences' },
  ],
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'config',
        src: 'loadConfig',
        onDone: { target: 'running', actions: assign({ config: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => String((event.error as Error)?.message ?? event.error),
          }),
        },
      },
    },
    running: {
      invoke: [
        {
          id: 'relays',
          src: 'relayPool',
          input: ({ context }) => ({ relays: context.config?.relays ?? [] }),
        },
        {
          // Relays outside the pool that requests name (outbox, inbox, hints): relays.ts links
          // them to the hub.
          id: 'auxRelays',
          src: 'auxRelays',
          input: ({ context }) => ({ blacklist: context.config?.blacklistedRelays ?? [] }),
        },
      ],
    },
    failed: { on: { 'app.retry': 'loading' } },
  },
})

export type AppActorRef = ActorRefFrom<typeof appMachine>
