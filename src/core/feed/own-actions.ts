/**
 * What the logged-in user did to a note from this device: liked it (kind 7) or reposted it
 * (kind 6). Kept in the query cache under these keys (the value: the event's id), so the note's
 * buttons say so wherever the note shows again, and across reloads with the persisted cache.
 */
export type OwnAction = 'reacted' | 'reposted'

export const ownActionKey = (action: OwnAction, pubkey: string, noteId: string) =>
  [action, pubkey, noteId] as const
