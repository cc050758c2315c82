/**
 * What the logged-in user did to a note from this device: liked it (kind 7) or reposted it
 * (kind 6). Kept in the query cache under these keys (the value: the event's id), so the note's
 * buttons say so wherever the note shows again, and across reloads with the persisted cache; and
 * what the viewer sees of a note's likes and reposts with it.
 */
export type OwnAction = 'reacted' | 'reposted'

export const ownActionKey = (action: OwnAction, pubkey: string, noteId: string) =>
  [action, pubkey, noteId] as const

/**
 * What the viewer sees of one side (likes or reposts): whether they did it, known from the relays
 * or from what they just did on this device (`doneHere`, shown before any relay answers), and the
 * count with them in it once. Every card's action bar reads it; the tally of the relays' events
 * (engagement.ts) loads with the engagement asks.
 */
export function viewerSide(
  people: readonly string[] | undefined,
  viewer: string | null,
  doneHere: boolean,
): { done: boolean; count: number } {
  const listed = viewer !== null && (people ?? []).includes(viewer)
  const done = listed || (viewer !== null && doneHere)
  return { done, count: (people?.length ?? 0) + (done && !listed ? 1 : 0) }
}
