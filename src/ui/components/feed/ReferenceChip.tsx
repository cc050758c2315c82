import { useQuery } from '@tanstack/react-query'
import { displayName } from '../../../core/people/profile.ts'
import type { Reference } from '../../../core/platform/nip21.ts'
import { useSystem } from '../../system-context.tsx'
import './note.css'

/** A NIP-21 reference inside note text: a person by name, a note or an article by short id. */
export function ReferenceChip({ entity, reference }: { entity: string; reference: Reference }) {
  if (reference.type === 'profile') return <Mention pubkey={reference.pubkey} />
  const label = reference.type === 'event' ? 'note' : 'article'
  return (
    <span className="note-ref" title={entity}>
      ↪ {label} {entity.slice(0, 12)}…{entity.slice(-6)}
    </span>
  )
}

function Mention({ pubkey }: { pubkey: string }) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(pubkey))
  return <span className="mention">@{displayName(metadata, pubkey)}</span>
}
