// Answers /media/... paths for the demo world. Everything is generated (or read) on first request
// and cached for the life of the process, because rendering a photo takes a few hundred ms.
import { PERSONAS } from '../personas.ts'
import type { PhotoKind, VideoName } from '../types.ts'
import { renderAvatar } from './avatars.ts'
import { renderBanner } from './banners.ts'
import { PHOTO_KINDS, PHOTO_VARIANTS, renderPhoto, renderThumb } from './photos.ts'
import { readVideo, VIDEO_NAMES } from './videos.ts'

export interface MediaFile {
  contentType: string
  body: Uint8Array
}

const cache = new Map<string, MediaFile>()
const encoder = new TextEncoder()

export const avatarPath = (handle: string): string => `/media/avatars/${handle}.svg`
export const bannerPath = (handle: string): string => `/media/banners/${handle}.svg`
export const photoPath = (kind: PhotoKind, variant: number): string =>
  `/media/photos/${kind}-${variant}.png`
export const thumbPath = (kind: PhotoKind, variant: number): string =>
  `/media/thumbs/${kind}-${variant}.png`
export const videoPath = (name: VideoName): string => `/media/videos/${name}.webm`

function generate(pathname: string): MediaFile | null {
  const m = /^\/media\/(avatars|banners|photos|thumbs|videos)\/([a-z0-9_-]+)\.(svg|png|webm)$/.exec(
    pathname,
  )
  if (!m) return null
  const [, folder, name = '', ext] = m
  if ((folder === 'avatars' || folder === 'banners') && ext === 'svg') {
    const persona = PERSONAS.find((p) => p.handle === name)
    if (!persona) return null
    const svg = folder === 'avatars' ? renderAvatar(persona) : renderBanner(persona)
    return { contentType: 'image/svg+xml', body: encoder.encode(svg) }
  }
  if ((folder === 'photos' || folder === 'thumbs') && ext === 'png') {
    const dash = name.lastIndexOf('-')
    const kind = PHOTO_KINDS.find((k) => k === name.slice(0, dash))
    const variant = Number(name.slice(dash + 1))
    if (!kind || !Number.isInteger(variant) || variant < 1 || variant > PHOTO_VARIANTS) return null
    const render = folder === 'photos' ? renderPhoto : renderThumb
    return { contentType: 'image/png', body: render(kind, variant) }
  }
  if (folder === 'videos' && ext === 'webm') {
    const video = VIDEO_NAMES.find((v) => v === name)
    return video ? { contentType: 'video/webm', body: readVideo(video) } : null
  }
  return null
}

/** Serve a /media/... pathname (query string ignored); null when there is no such file. */
export function serveMedia(pathname: string): MediaFile | null {
  const clean = pathname.split(/[?#]/)[0] ?? ''
  const hit = cache.get(clean)
  if (hit) return hit
  const file = generate(clean)
  if (file) cache.set(clean, file)
  return file
}
