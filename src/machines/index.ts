/**
 * Every statechart of the app, for `npm run statecharts` (scripts/statecharts.ts) and its staleness
 * test. `name` is the file stem: `src/machines/<name>.machine.ts` → `statecharts/<name>.md|json`.
 */
import type { AnyStateMachine } from 'xstate'
import { appMachine } from './app.machine.ts'
import { appUpdateMachine } from './app-update.machine.ts'
import { auxRelaysMachine } from './aux-relays.machine.ts'
import { cacheRestoreMachine } from './cache-restore.machine.ts'
import { depositMachine } from './deposit.machine.ts'
import { followMachine } from './follow.machine.ts'
import { loginMachine } from './login.machine.ts'
import { miningMachine } from './mining.machine.ts'
import { muteEditMachine } from './mute-edit.machine.ts'
import { noteDeleteMachine } from './note-delete.machine.ts'
import { nsecKeyMachine } from './nsec-key.machine.ts'
import { preferencesMachine } from './preferences.machine.ts'
import { proofReservationMachine } from './proof-reservation.machine.ts'
import { publishMachine } from './publish.machine.ts'
import { publishQueueMachine } from './publish-queue.machine.ts'
import { relayListMachine } from './relay-list.machine.ts'
import { relayManagerMachine } from './relay-manager.machine.ts'
import { relayPoolMachine } from './relay-pool.machine.ts'
import { reportMachine } from './report.machine.ts'
import { signInMachine } from './sign-in.machine.ts'
import { signOutMachine } from './sign-out.machine.ts'
import { socketMachine } from './socket.machine.ts'
import { walletConnectionMachine } from './wallet-connection.machine.ts'
import { webOfTrustMachine } from './web-of-trust.machine.ts'
import { zapMachine } from './zap.machine.ts'

export interface MachineEntry {
  name: string
  machine: AnyStateMachine
}

export const machines: MachineEntry[] = [
  { name: 'app', machine: appMachine },
  { name: 'app-update', machine: appUpdateMachine },
  { name: 'aux-relays', machine: auxRelaysMachine },
  { name: 'cache-restore', machine: cacheRestoreMachine },
  { name: 'deposit', machine: depositMachine },
  { name: 'follow', machine: followMachine },
  { name: 'login', machine: loginMachine },
  { name: 'mining', machine: miningMachine },
  { name: 'mute-edit', machine: muteEditMachine },
  { name: 'note-delete', machine: noteDeleteMachine },
  { name: 'nsec-key', machine: nsecKeyMachine },
  { name: 'preferences', machine: preferencesMachine },
  { name: 'proof-reservation', machine: proofReservationMachine },
  { name: 'publish', machine: publishMachine },
  { name: 'publish-queue', machine: publishQueueMachine },
  { name: 'relay-list', machine: relayListMachine },
  { name: 'relay-manager', machine: relayManagerMachine },
  { name: 'relay-pool', machine: relayPoolMachine },
  { name: 'report', machine: reportMachine },
  { name: 'sign-in', machine: signInMachine },
  { name: 'sign-out', machine: signOutMachine },
  { name: 'socket', machine: socketMachine },
  { name: 'wallet-connection', machine: walletConnectionMachine },
  { name: 'web-of-trust', machine: webOfTrustMachine },
  { name: 'zap', machine: zapMachine },
]
