import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useMemo } from 'react'
import { displayName } from '../../../core/people/profile.ts'
import { contentTags, tagPreview } from '../../../core/publish/compose-note.ts'
import { useSystem } from '../../system-context.tsx'
import '../feed/note.css'

/** What the text will tag, as the reader types: hashtags, people mentioned, notes quoted. */
export function TagPreview({ text }: { text: string }) {
  const deferred = useDeferredValue(text)
  const { hashtags, people, quotes } = useMemo(() => tagPreview(contentTags(deferred)), [deferred])
  if (hashtags.length + people.length + quotes === 0) return null
  return (
    <ul className="tag-preview" aria-label="Tags from your text">
      {hashtags.map((tag) => (
        <li key={`t:${tag}`} className="hashtag">
          #{tag}
        </li>
      ))}
      {people.map((pubkey) => (
        <li key={`p:${pubkey}`}>
          <PersonTag pubkey={pubkey} />
        </li>
      ))}
      {quotes > 0 && <li>{quotes === 1 ? '1 note quoted' : `${quotes} notes quoted`}</li>}
    </ul>
  )
}

function PersonTag({ pubkey }: { pubkey: string }) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(pubkey))
  return <span className="mention">@{displayName(metadata, pubkey)}</span>
}
