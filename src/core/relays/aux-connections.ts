/**
 * The short-lived connections as the Auxiliary Relays modal shows them: the socket budget in use,
 * each connection's state, reasons and use, whether it waits for the user to allow NIP-42 AUTH,
 * and the relays not opened. Built from the auxiliary relays' state (aux-relays.machine.ts).
 */

import { mergedReasons } from './aux-reason-text.ts'
import { AUX_IDLE_TICKS, AUX_TICK_MS, type AuxLink, type AuxRefusal } from './aux-relays.ts'
import type { RelayReason } from './relay-reason.ts'

/** What the view reads of the auxiliary relays' context. */
export interface AuxRelaysState {
  budget: number
  poolOpen: number
  links: readonly Pick<AuxLink, 'url' | 'reasons' | 'users' | 'idleTicks'>[]
  /** Each connection's socket phase (idle, connecting, connected, disconnected). */
  phase: Readonly<Record<string, string>>
  /** Sockets of closed connections whose close has not completed: the browser still holds them. */
  closing?: readonly unknown[]
  /** Connections waiting for a closing socket's place: no WebSocket yet. */
  queued?: readonly string[]
  refused: readonly AuxRefusal[]
  authAsked: readonly string[]
  authAllowed: readonly string[]
}

export type AuxConnectionState = 'connecting' | 'connected' | 'disconnected'
/** NIP-42: the relay never asked, asked and waits for the user, or the user allowed it. */
export type AuxAuth = 'none' | 'asked' | 'allowed'

export interface AuxConnection {
  url: string
  state: AuxConnectionState
  /** Why it is open, one line each, newest first (aux-reason-text.ts). */
  reasons: RelayReason[]
  /** Open subscriptions that name it now. */
  users: number
  idleTicks: number
  auth: AuxAuth
}

export interface AuxSockets {
  open: number
  budget: number
  pool: number
  aux: number
}

export interface AuxConnectionsView {
  sockets: AuxSockets
  /** Newest first. */
  connections: AuxConnection[]
  /** Newest first. */
  refused: AuxRefusal[]
}

export const AUX_NO_CONNECTION = 'No short-lived connection is open.'
export const AUX_NO_REFUSAL = 'No relay was refused.'
export const AUX_AUTH_ASKED = 'Asks you to sign in (NIP-42)'
export const AUX_AUTH_ALLOWED = 'Sign-in allowed'
export const AUX_ALLOW_AUTH = 'Allow sign-in here'
/** Between the parts of a line. */
export const AUX_SEPARATOR = ' · '

const stateOf = (phase: string | undefined): AuxConnectionState =>
  phase === 'connected' || phase === 'disconnected' ? phase : 'connecting'

function authOf(state: AuxRelaysState, url: string): AuxAuth {
  if (state.authAllowed.includes(url)) return 'allowed'
  return state.authAsked.includes(url) ? 'asked' : 'none'
}

export function auxConnectionsView(state: AuxRelaysState): AuxConnectionsView {
  const pool = state.poolOpen
  const aux = state.links.length - (state.queued?.length ?? 0) + (state.closing?.length ?? 0)
  return {
    sockets: { open: pool + aux, budget: state.budget, pool, aux },
    connections: [...state.links].reverse().map((link) => ({
      url: link.url,
      state: stateOf(state.phase[link.url]),
      reasons: mergedReasons(link.reasons),
      users: link.users,
      idleTicks: link.idleTicks,
      auth: authOf(state, link.url),
    })),
    refused: [...state.refused].reverse(),
  }
}

/**
 * The budget line's parts, shown with AUX_SEPARATOR between them: "Sockets open: 7 of 20 · your
 * relays 5 · short-lived 2".
 */
export const auxSocketsParts = ({ open, budget, pool, aux }: AuxSockets): string[] => [
  `Sockets open: ${open} of ${budget}`,
  `your relays ${pool}`,
  `short-lived ${aux}`,
]

export function auxStateText(state: AuxConnectionState): string {
  if (state === 'connected') return 'Connected'
  return state === 'connecting' ? 'Connecting' : 'Disconnected, retrying'
}

/** Whether a subscription uses it now; unused, when it closes at the latest. */
export function auxUseText({ users, idleTicks }: Pick<AuxConnection, 'users' | 'idleTicks'>) {
  if (users > 0) return `In use by ${users} ${users === 1 ? 'subscription' : 'subscriptions'}`
  const seconds = (Math.max(1, AUX_IDLE_TICKS - idleTicks) * AUX_TICK_MS) / 1000
  return `Not in use · closes within ${seconds} s`
}
