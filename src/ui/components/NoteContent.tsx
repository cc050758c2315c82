import type { ReactNode } from 'react'
import { segmentContent } from '../../core/content.ts'
import { ReferenceChip } from './ReferenceChip.tsx'

/** Note text as React text nodes and checked http(s) elements: never as HTML. */
export function NoteContent({ content }: { content: string }) {
  const text: ReactNode[] = []
  const images: string[] = []
  const videos: string[] = []
  // Segments come from the content in order and never move, so their index is a stable key.
  for (const [i, segment] of segmentContent(content).entries()) {
    switch (segment.kind) {
      case 'text':
        text.push(segment.text)
        break
      case 'hashtag':
        text.push(
          <span key={i} className="hashtag">
            #{segment.tag}
          </span>,
        )
        break
      case 'link':
        text.push(
          <a key={i} href={segment.url} target="_blank" rel="noopener noreferrer nofollow ugc">
            {segment.url.replace(/^https?:\/\//, '')}
          </a>,
        )
        break
      case 'reference':
        text.push(<ReferenceChip key={i} entity={segment.entity} reference={segment.reference} />)
        break
      case 'image':
        images.push(segment.url)
        break
      case 'video':
        videos.push(segment.url)
        break
    }
  }
  return (
    <>
      {text.length > 0 && <div className="note-text">{text}</div>}
      {images.length > 0 && (
        <div className={`note-media count-${Math.min(images.length, 4)}`}>
          {images.map((url) => (
            <img
              key={url}
              src={url}
              alt=""
              loading="lazy"
              decoding="async"
              referrerPolicy="no-referrer"
            />
          ))}
        </div>
      )}
      {videos.map((url) => (
        // biome-ignore lint/a11y/useMediaCaption: notes carry no caption tracks
        <video key={url} className="note-video" src={url} controls preload="metadata" playsInline />
      ))}
    </>
  )
}
