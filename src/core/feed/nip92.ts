/**
 * NIP-92 media attachments: `imeta` tags describe a URL in the content (`url`, `dim` as WxH,
 * `alt`, `thumb`, ...), one "key value" entry per tag item. The feed uses the size to hold the
 * space of a picture before it loads, the description as its alternative text, and the thumbnail
 * (NIP-94: same aspect, smaller) to draw ASCII art from, which needs no more than a few pixels a
 * character.
 */
import { httpUrl } from '../platform/http-url.ts'

export interface MediaInfo {
  width: number | null
  height: number | null
  alt: string
  /** An http(s) URL, or null. */
  thumb: string | null
}

const DIM = /^(\d{1,5})x(\d{1,5})$/

/** Media info by URL; a URL described twice keeps its first description. */
export function mediaInfo(tags: readonly string[][]): Map<string, MediaInfo> {
  const byUrl = new Map<string, MediaInfo>()
  for (const tag of tags) {
    if (tag[0] !== 'imeta') continue
    const fields = new Map<string, string>()
    for (const item of tag.slice(1)) {
      const space = item.indexOf(' ')
      if (space > 0 && !fields.has(item.slice(0, space))) {
        fields.set(item.slice(0, space), item.slice(space + 1).trim())
      }
    }
    const url = fields.get('url')
    if (!url || byUrl.has(url)) continue
    const dim = DIM.exec(fields.get('dim') ?? '')
    const width = dim ? Number(dim[1]) : 0
    const height = dim ? Number(dim[2]) : 0
    byUrl.set(url, {
      width: width > 0 && height > 0 ? width : null,
      height: width > 0 && height > 0 ? height : null,
      alt: fields.get('alt') ?? '',
      thumb: httpUrl(fields.get('thumb') ?? ''),
    })
  }
  return byUrl
}
