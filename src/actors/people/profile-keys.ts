import type { QueryClient } from '@tanstack/react-query'

/**
 * Query keys of the profile page. The spec's cache groups (§3) go by them: profile/metadata
 * counts as metadata, profile/notes as feed, profile/contacts as contacts (followers included:
 * they are read from other people's contact lists).
 */
export const profileKeys = {
  metadata: (pubkey: string) => ['profile', 'metadata', pubkey] as const,
  notes: (pubkey: string) => ['profile', 'notes', pubkey] as const,
  /** What they published in this session, shown over the fetched pages. */
  liveNotes: (pubkey: string) => ['profile', 'notes', pubkey, 'live'] as const,
  contacts: (pubkey: string) => ['profile', 'contacts', pubkey] as const,
  /** The versions of the user's own list seen (actors/people/contact-versions.ts). */
  contactVersions: (pubkey: string) => ['profile', 'contact-versions', pubkey] as const,
  contactVersionsAll: () => ['profile', 'contact-versions'] as const,
  followers: (pubkey: string) => ['profile', 'contacts', pubkey, 'followers'] as const,
  muteList: (pubkey: string) => ['profile', 'mute-list', pubkey] as const,
  relays: (pubkey: string) => ['profile', 'relays', pubkey] as const,
  nip05: (identifier: string, pubkey: string) => ['profile', 'nip05', identifier, pubkey] as const,
}

/**
 * The versions of the user's follow list (contact-versions.ts) are kept for the session like what
 * the persisted cache restores: never collected while unobserved (the memory manager leaves
 * queries kept forever alone). Set before the cache is restored, before their code has loaded.
 */
export const keepContactVersions = (queryClient: QueryClient): void =>
  queryClient.setQueryDefaults(profileKeys.contactVersionsAll(), {
    gcTime: Number.POSITIVE_INFINITY,
  })
