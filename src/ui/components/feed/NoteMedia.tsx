import { warmAsciiWorker } from '../../../actors/feed/ascii-cache.ts'
import { expectedGrid } from '../../../core/feed/ascii-art.ts'
import { LINK_REL } from '../../../core/feed/link-text.ts'
import type { MediaInfo } from '../../../core/feed/nip92.ts'
import { usePreferences } from '../app/use-preferences.ts'
import { RemoteImage } from '../kit/RemoteImage.tsx'
import { AsciiImage } from './AsciiImage.tsx'
import './note-media.css'

/**
 * ASCII Mode's worker, started while the first notes are on their way: the first picture then
 * waits for its own bytes only. Its code (2 kB) comes with the start-up script's, which the early
 * feed draws pictures with: the first picture is the largest thing a first visit paints, and a
 * chunk of its own cost it a round trip.
 */
export function prepareAscii(): void {
  // A task of its own, not part of the feed's first render.
  setTimeout(warmAsciiWorker)
}
interface NoteMediaProps {
  images: string[]
  videos: string[]
  /** NIP-92 sizes and descriptions by URL. */
  info: ReadonlyMap<string, MediaInfo>
}

/**
 * A note's pictures (each opens full size) and clips (loaded only when played). A picture whose
 * size is known holds its space before it loads, so the rows below do not move. In ASCII Mode
 * (spec §2) pictures are drawn as ASCII art, coloured in Color Mode.
 */
export function NoteMedia({ images, videos, info }: NoteMediaProps) {
  const { useAscii, useColor } = usePreferences()
  return (
    <>
      {images.length > 0 && (
        <div className={`note-media count-${Math.min(images.length, 4)}`}>
          {images.map((url) => {
            const media = info.get(url)
            const label = media?.alt || 'Image'
            if (useAscii) {
              const expected = expectedGrid(media?.width ?? null, media?.height ?? null)
              return (
                <AsciiImage
                  key={url}
                  url={url}
                  source={media?.thumb ?? url}
                  label={label}
                  color={useColor}
                  expected={expected}
                />
              )
            }
            return (
              <a key={url} href={url} target="_blank" rel={LINK_REL}>
                <RemoteImage
                  src={url}
                  alt={label}
                  width={media?.width ?? undefined}
                  height={media?.height ?? undefined}
                  loading="lazy"
                />
              </a>
            )
          })}
        </div>
      )}
      {videos.map((url) => (
        // A video has no referrer attribute: the page's policy (index.html, no-referrer) holds.
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
