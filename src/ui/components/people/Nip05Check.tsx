import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { nip05Display, parseNip05 } from '../../../core/people/nip05.ts'
import { useProfileQueries } from './use-profile.ts'

/** How long typing must pause before the address's document is asked. */
export const NIP05_CHECK_DELAY_MS = 600

/**
 * Whether the address's domain names this key (NIP-05), asked once typing pauses. Not being
 * verified does not stop a save: the document may be set up afterwards.
 */
export function Nip05Check({ identifier, pubkey }: { identifier: string; pubkey: string }) {
  const queries = useProfileQueries()
  const [settled, setSettled] = useState(identifier.trim())
  useEffect(() => {
    const timer = setTimeout(() => setSettled(identifier.trim()), NIP05_CHECK_DELAY_MS)
    return () => clearTimeout(timer)
  }, [identifier])
  const address = parseNip05(settled)
  const check = useQuery({ ...queries.nip05(settled, pubkey), enabled: address !== null })
  if (!address || settled !== identifier.trim()) return null
  const shown = nip05Display(address)
  return (
    <p className="form-hint nip05-check" role="status" data-verified={check.data === true}>
      {check.isPending
        ? `Checking ${shown}…`
        : check.data
          ? `✓ Verified: ${shown} points to this key`
          : `Not verified: ${shown} does not point to this key (yet)`}
    </p>
  )
}
