import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useMemo } from 'react'
import { segmentContent } from '../../../core/feed/content.ts'
import { linkText } from '../../../core/feed/link-text.ts'
import { displayName } from '../../../core/people/profile.ts'
import { useSystem } from '../../system-context.tsx'
import '../feed/note.css'

/** Longer links are shortened; the row is a link to the note, so nothing inside is a link. */
const LINK_TEXT_MAX = 32

/**
 * A note's text as plain text for a notification row (clipped to a few lines by CSS): people by
 * name, media and quoted notes as words in brackets.
 */
export function NoteExcerpt({ content }: { content: string }) {
  const segments = useMemo(() => segmentContent(content), [content])
  const parts: ReactNode[] = []
  // Segments come from the content in order and never move, so their index is a stable key.
  for (const [i, segment] of segments.entries()) {
    switch (segment.kind) {
      case 'text':
        parts.push(segment.text)
        break
      case 'hashtag':
        parts.push(`#${segment.tag}`)
        break
      case 'link':
        parts.push(linkText(segment.url, LINK_TEXT_MAX))
        break
      case 'image':
        parts.push('[picture]')
        break
      case 'video':
        parts.push('[video]')
        break
      case 'reference':
        parts.push(
          segment.reference.type === 'profile' ? (
            <MentionName key={i} pubkey={segment.reference.pubkey} />
          ) : segment.reference.type === 'event' ? (
            '[quoted note]'
          ) : (
            '[article]'
          ),
        )
        break
    }
  }
  return <span className="notification-excerpt">{parts}</span>
}

function MentionName({ pubkey }: { pubkey: string }) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(pubkey))
  return <span className="mention">@{displayName(metadata, pubkey)}</span>
}
