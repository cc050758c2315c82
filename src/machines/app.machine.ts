/**
 * The root actor: loads the runtime configuration, then runs the relay pool; the login and the UI
 * preferences run beside it for the app's whole life. The auxiliary relays (relays outside the
 * pool that requests name) and the dynamic relay manager that judges the pool start beside the
 * app, their code loaded when first needed or once the first screen is drawn (actors/system.ts).
 */
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate'
import type { RuntimeConfig } from '../core/platform/runtime-config.ts'
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
      invoke: {
        id: 'relays',
        src: 'relayPool',
        input: ({ context }) => ({ relays: context.config?.relays ?? [] }),
      },
    },
    failed: { on: { 'app.retry': 'loading' } },
  },
})

export type AppActorRef = ActorRefFrom<typeof appMachine>
