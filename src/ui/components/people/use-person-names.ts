/** People's names as the app shows them (display name, else name, else a short npub), by pubkey. */
import { useQueries } from '@tanstack/react-query'
import { displayName } from '../../../core/people/profile.ts'
import { useSystem } from '../../system-context.tsx'

/** Asks for these people's profiles (with the other rows' asks) and names them as they come. */
export function usePersonNames(pubkeys: readonly string[]): (pubkey: string) => string {
  const system = useSystem()
  const profiles = useQueries({
    queries: pubkeys.map((pubkey) => system.metadataQuery(pubkey)),
    combine: (results) => results.map((result) => result.data),
  })
  return (pubkey) => {
    const at = pubkeys.indexOf(pubkey)
    return displayName(at === -1 ? undefined : profiles[at], pubkey)
  }
}
