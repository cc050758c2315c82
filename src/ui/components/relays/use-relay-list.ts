/** Selector hooks over the user's relay list (relay-list.machine): where edits go, and its status. */
import { useSelector } from '@xstate/react'
import { useEffect, useSyncExternalStore } from 'react'
import type { RelayEdit } from '../../../core/relays/relay-edits.ts'
import { keyLocked } from '../../../machines/login.machine.ts'
import type { RelayListSnapshot } from '../../../machines/relay-list.machine.ts'
import { type RelayListStatus, relayListStatus } from '../../../machines/relay-list-status.ts'
import { useSystem } from '../../system-context.tsx'

export const RELAY_LIST_TEXTS = {
  loading: 'Loading your relay list…',
  saving: 'Saving relay list…',
  published: 'Relay list published',
  heldLocked: 'Relay list saved on this device. Unlock your key to publish it.',
  heldReadOnly: 'Relay list saved on this device (public key only: not published)',
} as const

/** Sends the user's change of a relay: to the pool, and into their stored and published list. */
export function useRelayEdit(): (edit: RelayEdit) => void {
  const { relayList } = useSystem()
  return (edit) => relayList.send({ type: 'relayList.edit', edit })
}

const sameStatus = (a: RelayListStatus | null, b: RelayListStatus | null) =>
  a?.kind === b?.kind && (a?.kind !== 'failed' || b?.kind !== 'failed' || a.message === b.message)

const statusOf = (snapshot: RelayListSnapshot | undefined) =>
  snapshot ? relayListStatus(snapshot) : null

/** The status line of Relay Management; null when there is nothing to say. */
export function useRelayListStatus(): string | null {
  const { relayList, login } = useSystem()
  useEffect(relayList.start, [])
  const actor = useSyncExternalStore(relayList.subscribe, relayList.actor)
  const status = useSelector(actor, statusOf, sameStatus)
  const locked = useSelector(login, keyLocked)
  if (status === null) return null
  switch (status.kind) {
    case 'held':
      return locked ? RELAY_LIST_TEXTS.heldLocked : RELAY_LIST_TEXTS.heldReadOnly
    case 'failed':
      return status.message
    default:
      return RELAY_LIST_TEXTS[status.kind]
  }
}
