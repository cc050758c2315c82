/** A relay's NIP-11 document through the system's query, with a retry for the failed case. */
import { useQuery } from '@tanstack/react-query'
import type { RelayInfo } from '../../../core/relays/nip11.ts'
import { useSystem } from '../../system-context.tsx'

export type RelayInfoState =
  | { status: 'loading' }
  | { status: 'failed'; retry(): void }
  | { status: 'loaded'; info: RelayInfo }

export function useRelayInfo(url: string): RelayInfoState {
  const system = useSystem()
  const query = useQuery(system.relayInfoQuery(url))
  // A document once read stays shown while it is fetched again in the background.
  if (query.data) return { status: 'loaded', info: query.data }
  if (query.isFetching) return { status: 'loading' }
  // Failed, or paused while the browser is offline: either way the user may try again.
  return { status: 'failed', retry: () => void query.refetch() }
}
