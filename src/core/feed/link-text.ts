/** A link as it reads in a note's text: the whole URL stays in href and title, not on screen. */

/** What a link out of the app never passes on: the opener, the referrer, our endorsement. */
export const LINK_REL = 'noopener noreferrer nofollow'
/** Longer links are shortened in a note's text; the whole URL stays in href and title. */
export const NOTE_LINK_TEXT_MAX = 48

/**
 * The URL without its http(s):// and a trailing slash; past `max` characters cut to `max` with
 * an ellipsis as the last one.
 */
export function linkText(url: string, max: number): string {
  const text = url.replace(/^https?:\/\//, '').replace(/\/$/, '')
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
