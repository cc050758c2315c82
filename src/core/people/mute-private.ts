/**
 * The private part of a mute list (NIP-51 "Private items"): the content is the private tags, a
 * JSON array of tags like the public ones, encrypted to oneself with NIP-44. Lists written before
 * NIP-44 used NIP-04, whose ciphertext ends with "?iv=" (NIP-04), so either is read; only NIP-44
 * is written.
 */

/** Which cipher a list's content was written with (NIP-51: NIP-04 content has "?iv="). */
export const cipherOf = (content: string): 'nip04' | 'nip44' =>
  content.includes('?iv=') ? 'nip04' : 'nip44'

/** The content holds a private part to decrypt. */
export const hasPrivatePart = (content: string): boolean => content.trim() !== ''

/**
 * The private tags of a decrypted content; throws when it is not a JSON array of tags (a list
 * made by a client that put something else there, or a decryption that gave garbage).
 */
export function parsePrivateTags(plaintext: string): string[][] {
  let parsed: unknown
  try {
    parsed = JSON.parse(plaintext)
  } catch {
    throw new Error(MUTE_PRIVATE_MESSAGES.notTags)
  }
  if (!Array.isArray(parsed)) throw new Error(MUTE_PRIVATE_MESSAGES.notTags)
  return parsed.filter(
    (tag): tag is string[] =>
      Array.isArray(tag) && tag.length > 0 && tag.every((value) => typeof value === 'string'),
  )
}

/** The plaintext encrypted into the content: the private tags as JSON (NIP-51). */
export const privateTagsText = (tags: readonly (readonly string[])[]): string =>
  JSON.stringify(tags)

/** Ours: the spec is silent on a private part that cannot be read. */
export const MUTE_PRIVATE_MESSAGES = {
  notTags: 'The private part is not a list of tags',
  /** Settings, when the list's private part could not be decrypted. */
  /** Settings, while the login cannot decrypt yet (a saved key not unlocked since the reload). */
  locked:
    'Your private mutes are read once your key is unlocked; until then only your public mutes apply.',
  undecryptable:
    'Your private mutes could not be decrypted with this login, so only your public mutes apply.',
} as const
