import type { ImgHTMLAttributes } from 'react'
import { PICTURE_REFERRER_POLICY } from '../../../core/platform/picture-request.ts'

type RemoteImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'referrerPolicy' | 'crossOrigin'>

/**
 * A picture at an untrusted URL (a note's, an avatar, a banner, a preview), asked for the way
 * every picture is (core/platform/picture-request.ts: no referrer), decoded off the main path.
 */
export function RemoteImage(props: RemoteImageProps) {
  // biome-ignore lint/a11y/useAltText: every caller gives its alt (empty for decoration)
  return <img decoding="async" {...props} referrerPolicy={PICTURE_REFERRER_POLICY} />
}
