import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { profileParam } from '../../../core/app/route-ids.ts'
import { displayName } from '../../../core/people/profile.ts'
import { useSystem } from '../../system-context.tsx'
import './note.css'

/** A NIP-21 profile reference in note text: the person's name, linking to their profile. */
export function ProfileMention({ pubkey }: { pubkey: string }) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(pubkey))
  return (
    <Link className="mention" to="/npub/$npub" params={{ npub: profileParam(pubkey) }}>
      @{displayName(metadata, pubkey)}
    </Link>
  )
}
