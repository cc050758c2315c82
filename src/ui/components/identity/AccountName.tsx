import { useQuery } from '@tanstack/react-query'
import { displayName, shortNpub } from '../../../core/people/profile.ts'
import { useSystem } from '../../system-context.tsx'
import { Avatar } from '../people/Avatar.tsx'
import './account-card.css'

/** Avatar, name and short npub of an account. */
export function AccountName({ pubkey }: { pubkey: string }) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(pubkey))
  const name = displayName(metadata, pubkey)
  return (
    <span className="account-card">
      <Avatar pubkey={pubkey} name={name} picture={metadata?.picture} />
      <span className="names">
        <strong>{name}</strong>
        <span className="mono">{shortNpub(pubkey)}</span>
      </span>
    </span>
  )
}
