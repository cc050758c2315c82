/**
 * The notes this device knows their authors deleted (NIP-09, nip09.ts): their ids, each added
 * only once the request was checked against the note's author (`isDeletedBy`), so holding the id
 * is enough (an id names one author's event). The user's own deletions join at once; others'
 * come from the relays as the notes shown are asked about. At most DELETED_NOTES_MAX, newest last:
 * the oldest is forgotten first, and the relays tell again about a note shown again.
 */

export const DELETED_NOTES_MAX = 1000

/** The list with these ids at its end; the same list when it held them all already. */
export function withDeleted(
  list: readonly string[] | undefined,
  ids: readonly string[],
  max = DELETED_NOTES_MAX,
): readonly string[] {
  const held = list ?? []
  const known = new Set(held)
  const fresh = [...new Set(ids)].filter((id) => !known.has(id))
  if (fresh.length === 0 && held.length <= max) return held
  return [...held, ...fresh].slice(-max)
}

/** The list without these ids (a deletion that no relay took); the same list when it held none. */
export function withoutDeleted(
  list: readonly string[] | undefined,
  ids: readonly string[],
): readonly string[] {
  const held = list ?? []
  const gone = new Set(ids)
  return held.some((id) => gone.has(id)) ? held.filter((id) => !gone.has(id)) : held
}
