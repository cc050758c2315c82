import { Link } from '@tanstack/react-router'
import { memo, type ReactNode, useMemo } from 'react'
import { noteParam } from '../../../core/app/route-ids.ts'
import { segmentContent, trimTextEnds } from '../../../core/feed/content.ts'
import { LINK_REL, linkText, NOTE_LINK_TEXT_MAX } from '../../../core/feed/link-text.ts'
import { quotedNotes } from '../../../core/feed/nip18.ts'
import { mediaInfo } from '../../../core/feed/nip92.ts'
import { NoteMedia } from './NoteMedia.tsx'
import { ProfileMention } from './ProfileMention.tsx'
import { QuotedNote } from './QuotedNote.tsx'
import { ReferenceChip } from './ReferenceChip.tsx'
import './note.css'

interface NoteContentProps {
  content: string
  /** The note's tags: quoted notes (q) and picture sizes (imeta). */
  tags?: readonly string[][]
  /** Inside a quote: note references stay links rather than embedding quotes in quotes. */
  nested?: boolean
  /** Image Mode: pictures first and large, the text under them. */
  imageMode?: boolean
}

/**
 * Note text as React text nodes and checked elements, never as HTML: http(s) links, hashtags
 * (to the notes tagged with them), people by name, quoted notes embedded, pictures and clips.
 * Memoized: a card renders again as its author's profile arrives, its content need not.
 */
export const NoteContent = memo(function NoteContent({
  content,
  tags = [],
  nested = false,
  imageMode = false,
}: NoteContentProps) {
  const segments = useMemo(() => segmentContent(content), [content])
  const quotes = useMemo(() => (nested ? [] : quotedNotes(tags, content)), [nested, tags, content])
  const info = useMemo(() => mediaInfo(tags), [tags])
  const embedded = new Set(quotes.map((quote) => quote.id))
  const text: ReactNode[] = []
  const images: string[] = []
  const videos: string[] = []
  // Segments come from the content in order and never move, so their index is a stable key.
  for (const [i, segment] of segments.entries()) {
    switch (segment.kind) {
      case 'text':
        text.push(segment.text)
        break
      case 'hashtag':
        // To the notes tagged with it (the search page); the feed's tabs are the custom ones.
        text.push(
          <Link key={i} className="hashtag" to="/search" search={{ q: `#${segment.tag}` }}>
            #{segment.tag}
          </Link>,
        )
        break
      case 'link':
        text.push(
          <a key={i} href={segment.url} target="_blank" rel={LINK_REL} title={segment.url}>
            {linkText(segment.url, NOTE_LINK_TEXT_MAX)}
          </a>,
        )
        break
      case 'reference': {
        const { reference } = segment
        if (reference.type === 'profile') {
          text.push(<ProfileMention key={i} pubkey={reference.pubkey} />)
        } else if (reference.type === 'event') {
          // An embedded quote shows the note below; otherwise a link to it.
          if (!embedded.has(reference.id)) {
            text.push(
              <Link
                key={i}
                className="note-ref"
                to="/note/$noteId"
                params={{ noteId: noteParam(reference.id) }}
              >
                ↪ note
              </Link>,
            )
          }
        } else {
          text.push(<ReferenceChip key={i} entity={segment.entity} reference={reference} />)
        }
        break
      }
      case 'image':
        if (!images.includes(segment.url)) images.push(segment.url)
        break
      case 'video':
        if (!videos.includes(segment.url)) videos.push(segment.url)
        break
    }
  }
  trimTextEnds(text)
  const body = text.length > 0 && <div className="note-text">{text}</div>
  const media = <NoteMedia images={images} videos={videos} info={info} />
  return (
    <>
      {imageMode ? media : body}
      {imageMode ? body : media}
      {quotes.map((quote) => (
        <QuotedNote key={quote.id} pointer={quote} />
      ))}
    </>
  )
})
