import type { MediaInfo } from '../../../core/nip92.ts'

const LINK_REL = 'noopener noreferrer nofollow'

interface NoteMediaProps {
  images: string[]
  videos: string[]
  /** NIP-92 sizes and descriptions by URL. */
  info: ReadonlyMap<string, MediaInfo>
}

/**
 * A note's pictures (each opens full size) and clips (loaded only when played). A picture whose
 * size is known holds its space before it loads, so the rows below do not move.
 */
export function NoteMedia({ images, videos, info }: NoteMediaProps) {
  return (
    <>
      {images.length > 0 && (
        <div className={`note-media count-${Math.min(images.length, 4)}`}>
          {images.map((url) => {
            const media = info.get(url)
            return (
              <a key={url} href={url} target="_blank" rel={LINK_REL}>
                <img
                  src={url}
                  alt={media?.alt || 'Image'}
                  width={media?.width ?? undefined}
                  height={media?.height ?? undefined}
                  loading="lazy"
                  decoding="async"
                  referrerPolicy="no-referrer"
                />
              </a>
            )
          })}
        </div>
      )}
      {videos.map((url) => (
        // biome-ignore lint/a11y/useMediaCaption: notes carry no caption tracks
        <video
          key={url}
          className="note-video"
          src={url}
          title={info.get(url)?.alt || undefined}
          controls
          preload="none"
          playsInline
        />
      ))}
    </>
  )
}
