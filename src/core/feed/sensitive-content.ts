/**
 * Notes to show only on request (the NSFW Disrespector, spec §2): a NIP-36 `content-warning` tag,
 * with its optional reason, or the #nsfw hashtag (as a `t` tag or written in the text).
 */

/** The reason shown when a content warning gives none. */
export const NO_REASON = 'Content warning'
/** The reason shown for #nsfw. */
export const NSFW_REASON = 'NSFW'

const NSFW_WORD = /(?:^|\s)#nsfw(?![\p{L}\p{N}_])/iu

/** Why the note is hidden until revealed, or null when it need not be. */
export function sensitiveReason(tags: readonly string[][], content: string): string | null {
  const warning = tags.find((tag) => tag[0] === 'content-warning')
  if (warning) return warning[1]?.trim() || NO_REASON
  const nsfwTag = tags.some((tag) => tag[0] === 't' && tag[1]?.toLowerCase() === 'nsfw')
  if (nsfwTag || NSFW_WORD.test(content)) return NSFW_REASON
  return null
}
