/**
 * Whether a user takes ecash (NIP-61): their nutzap info (kind 10019) from the app's relays,
 * through TanStack Query so a profile and the zap modal ask once a minute at most.
 */
import { useQuery } from '@tanstack/react-query'
import { fetchNutzapInfo } from '../../../actors/ecash/cashu-nutzap-info.ts'
import type { NutzapInfo } from '../../../core/ecash/nip61.ts'
import { useSystem } from '../../system-context.tsx'

const nutzapInfoKey = (pubkey: string) => ['nutzap-info', pubkey] as const

export function useNutzapInfo(pubkey: string): NutzapInfo | null {
  const system = useSystem()
  const { data } = useQuery({
    queryKey: nutzapInfoKey(pubkey),
    queryFn: () => fetchNutzapInfo(system.hub, pubkey),
    staleTime: 60_000,
  })
  return data ?? null
}
