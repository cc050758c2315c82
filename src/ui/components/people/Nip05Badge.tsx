import { useQuery } from '@tanstack/react-query'
import { nip05Display, parseNip05 } from '../../../core/people/nip05.ts'
import { useProfileQueries } from './use-profile.ts'
import './nip05-mark.css'

/** The NIP-05 address with a verified mark, shown only once its document names this pubkey. */
export function Nip05Badge({ identifier, pubkey }: { identifier: string; pubkey: string }) {
  const queries = useProfileQueries()
  const address = parseNip05(identifier)
  const { data: verified } = useQuery({ ...queries.nip05(identifier, pubkey), enabled: !!address })
  if (!address || !verified) return null
  return (
    <p className="profile-nip05" data-verified="true">
      <span className="nip05-mark" role="img" aria-label="Verified">
        ✓
      </span>
      <span>{nip05Display(address)}</span>
    </p>
  )
}
