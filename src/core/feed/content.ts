/**
 * Splits note content into segments the view renders as text, links, media or hashtags.
 * The view renders every segment as text or as an element with a checked URL, never as HTML.
 */
import { isImageUrl, isVideoUrl } from '../platform/media-url.ts'
import { decodeReference, REFERENCE, type Reference } from '../platform/nip21.ts'

export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; url: string }
  | { kind: 'image'; url: string }
  | { kind: 'video'; url: string }
  | { kind: 'hashtag'; tag: string }
  | { kind: 'reference'; entity: string; reference: Reference }

// http(s) URLs up to whitespace, NIP-21 references, and #hashtags that start after whitespace or
// at the start.
const TOKEN = new RegExp(
  `(https?:\\/\\/[^\\s<>"']+)|${REFERENCE.source}|(^|\\s)#([\\p{L}\\p{N}_]+)`,
  'gu',
)
// Punctuation that ends a sentence rather than a URL.
const TRAILING = /[.,;:!?)\]}'"]+$/

function urlSegment(url: string): Segment {
  if (isImageUrl(url)) return { kind: 'image', url }
  if (isVideoUrl(url)) return { kind: 'video', url }
  return { kind: 'link', url }
}

export function segmentContent(content: string): Segment[] {
  const segments: Segment[] = []
  let text = ''
  let last = 0
  const flush = () => {
    if (text) segments.push({ kind: 'text', text })
    text = ''
  }
  for (const match of content.matchAll(TOKEN)) {
    const start = match.index ?? 0
    text += content.slice(last, start)
    last = start + match[0].length
    const [, rawUrl, entity, space, tag] = match
    if (rawUrl) {
      const trailing = rawUrl.match(TRAILING)?.[0] ?? ''
      const url = rawUrl.slice(0, rawUrl.length - trailing.length)
      flush()
      segments.push(urlSegment(url))
      text = trailing
    } else if (entity) {
      const reference = decodeReference(entity)
      if (reference) {
        flush()
        segments.push({ kind: 'reference', entity, reference })
      } else {
        text += match[0]
      }
    } else if (tag) {
      text += space ?? ''
      flush()
      segments.push({ kind: 'hashtag', tag })
    }
  }
  text += content.slice(last)
  flush()
  return segments
}

/** Image and video URLs of a note, in order of appearance, without repeats. */
export function mediaUrls(content: string): { imageUrls: string[]; videoUrls: string[] } {
  const imageUrls = new Set<string>()
  const videoUrls = new Set<string>()
  for (const segment of segmentContent(content)) {
    if (segment.kind === 'image') imageUrls.add(segment.url)
    if (segment.kind === 'video') videoUrls.add(segment.url)
  }
  return { imageUrls: [...imageUrls], videoUrls: [...videoUrls] }
}

/**
 * A note's text as nodes (strings and elements), without the whitespace left at either end where
 * media URLs and embedded references were taken out.
 */
export function trimTextEnds(nodes: unknown[]): void {
  while (typeof nodes[0] === 'string' && nodes[0].trim() === '') nodes.shift()
  while (typeof nodes.at(-1) === 'string' && (nodes.at(-1) as string).trim() === '') nodes.pop()
  if (typeof nodes[0] === 'string') nodes[0] = nodes[0].trimStart()
  const last = nodes.length - 1
  if (typeof nodes[last] === 'string') nodes[last] = nodes[last].trimEnd()
}
