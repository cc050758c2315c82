/**
 * The versions of the user's contact list kept in the query cache, under
 * ['profile', 'contact-versions', user], so the persisted cache keeps them on this device between
 * visits (core/contact-versions: why and how many). Every read of the user's kind 3 adds what it
 * saw (the contacts query, the follow machine's read, Settings), every list Plume publishes too.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { NostrEvent } from 'nostr-tools/pure'
import {
  acceptVersion,
  type ContactVersions,
  KEPT_VERSIONS,
  keepVersions,
  NO_VERSIONS,
} from '../../core/people/contact-versions.ts'
import { CONTACTS_KIND } from '../../core/people/contacts.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { queryStored } from '../relays/stored-events.ts'
import { profileKeys } from './profile-keys.ts'

export interface ContactVersionsStore {
  get(user: string): ContactVersions
  /**
   * Adds the user's lists among `events`, each with the relays it came from (the hub's memory
   * unless given); `answered` relays sent their newest, so they no longer hold older ones.
   */
  record(
    user: string,
    events: readonly NostrEvent[],
    options?: { answered?: readonly string[]; relays?: readonly string[] },
  ): ContactVersions
  /** The user made or kept the list of this time. */
  accept(user: string, createdAt: number): void
  /** Asks the pool's relays for the user's lists (the newest 10 each keeps) and adds them. */
  fetch(user: string): Promise<ContactVersions>
}

export interface ContactVersionsDeps {
  queryClient: QueryClient
  hub: Pick<RelayHub, 'subscribe' | 'seenOn'>
}

/**
 * Kept for the session like what the persisted cache restores: never collected while unobserved
 * (the memory manager leaves queries kept forever alone). Set before the cache is restored.
 */
export const keepContactVersions = (queryClient: QueryClient): void =>
  queryClient.setQueryDefaults(profileKeys.contactVersionsAll(), {
    gcTime: Number.POSITIVE_INFINITY,
  })

export function contactVersionsStore({
  queryClient,
  hub,
}: ContactVersionsDeps): ContactVersionsStore {
  const get = (user: string) =>
    queryClient.getQueryData<ContactVersions>(profileKeys.contactVersions(user)) ?? NO_VERSIONS
  const set = (user: string, versions: ContactVersions) => {
    queryClient.setQueryData(profileKeys.contactVersions(user), versions)
    return versions
  }
  const merged: ContactVersionsStore['record'] = (user, events, options = {}) => {
    const seen = events.map((event) => ({
      event,
      relays: options.relays ?? hub.seenOn(event.id),
    }))
    return keepVersions(get(user), user, seen, options.answered)
  }
  return {
    get,
    record: (user, events, options) => set(user, merged(user, events, options)),
    accept: (user, createdAt) => void set(user, acceptVersion(get(user), createdAt)),
    async fetch(user) {
      const answer = await queryStored(hub, [
        { kinds: [CONTACTS_KIND], authors: [user], limit: KEPT_VERSIONS },
      ])
      const events = answer.found.map(({ event }) => event)
      return merged(user, events, { answered: [...answer.eosedBy] })
    },
  }
}
