/**
 * Every statechart of the app, for `npm run statecharts` (scripts/statecharts.ts) and its staleness
 * test. `name` is the file stem: `src/machines/<name>.machine.ts` → `statecharts/<name>.md|json`.
 */
import type { AnyStateMachine } from 'xstate'
import { appMachine } from './app.machine.ts'
import { loginMachine } from './login.machine.ts'
import { relayPoolMachine } from './relay-pool.machine.ts'
import { socketMachine } from './socket.machine.ts'

export interface MachineEntry {
  name: string
  machine: AnyStateMachine
}

export const machines: MachineEntry[] = [
  { name: 'app', machine: appMachine },
  { name: 'login', machine: loginMachine },
  { name: 'relay-pool', machine: relayPoolMachine },
  { name: 'socket', machine: socketMachine },
]
