import { useQuery } from '@tanstack/react-query'
import { displayName } from '../../../core/people/profile.ts'
import { useSystem } from '../../system-context.tsx'
import { Avatar } from './Avatar.tsx'

/** The avatar of a pubkey, from its kind-0 metadata. */
export function ProfileAvatar({ pubkey }: { pubkey: string }) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(pubkey))
  return <Avatar pubkey={pubkey} name={displayName(metadata, pubkey)} picture={metadata?.picture} />
}
