import { lazy, Suspense } from 'react'
import { asciiGrid } from '../../../core/ascii-art.ts'
import type { MediaInfo } from '../../../core/nip92.ts'
import { usePreferences } from '../../hooks/use-preferences.ts'
import { AsciiPending } from './AsciiPending.tsx'

const LINK_REL = 'noopener noreferrer nofollow'
// ASCII Mode's drawing, cache and worker load with the first picture drawn, not with the feed,
// or as a feed opens in ASCII Mode (prepareAscii).
const loadAscii = () => import('./AsciiImage.tsx')
const AsciiImage = lazy(loadAscii)

/**
 * ASCII Mode's code and worker, started while the first notes are on their way: the first picture
 * then waits for its own bytes only, not for a chunk and a worker loaded one after the other.
 */
export function prepareAscii(): void {
  // A task of its own, not part of the feed's first render.
  setTimeout(() => {
    void loadAscii()
    void import('../../../actors/ascii-cache.ts').then(({ warmAsciiWorker }) => warmAsciiWorker())
  })
}
/** Held for a picture of unknown size until it is drawn: a common 3:2 photo. */
const UNKNOWN_GRID = asciiGrid(1200, 800)

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
              const expected =
                media?.width && media.height ? asciiGrid(media.width, media.height) : UNKNOWN_GRID
              const pending = <AsciiPending grid={expected} label={label} />
              return (
                <Suspense key={url} fallback={pending}>
                  <AsciiImage
                    url={url}
                    source={media?.thumb ?? url}
                    label={label}
                    color={useColor}
                    expected={expected}
                  />
                </Suspense>
              )
            }
            return (
              <a key={url} href={url} target="_blank" rel={LINK_REL}>
                <img
                  src={url}
                  alt={label}
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
