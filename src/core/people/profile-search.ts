/**
 * The profile's overlays as URL query parameters (spec §2): contacts=followers|following opens
 * the people list as a modal; relayDiscovery=true opens the relays where the person is found.
 * Kept apart from modal-search.ts, whose flags every page shares.
 */

export const CONTACTS_VIEWS = ['followers', 'following'] as const
export type ContactsView = (typeof CONTACTS_VIEWS)[number]

export interface ProfileSearch {
  contacts?: ContactsView
  relayDiscovery?: true
}

const isContactsView = (value: unknown): value is ContactsView =>
  CONTACTS_VIEWS.includes(value as ContactsView)

/** Keeps a known contacts view and a `true` (or "true") relayDiscovery; drops anything else. */
export function parseProfileSearch(raw: Record<string, unknown>): ProfileSearch {
  const search: ProfileSearch = {}
  if (isContactsView(raw.contacts)) search.contacts = raw.contacts
  if (raw.relayDiscovery === true || raw.relayDiscovery === 'true') search.relayDiscovery = true
  return search
}
