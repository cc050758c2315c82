/**
 * Profile metadata (kind 0) through TanStack Query. Cards ask one pubkey at a time; the loader
 * gathers the asks of one moment into a single REQ (gather.ts), so a screen of notes costs one.
 */
import { queryOptions } from '@tanstack/react-query'
import { type ProfileMetadata, parseProfileMetadata } from '../core/profile.ts'
import { createGatherer } from './gather.ts'
import type { RelayHub } from './relay-hub.ts'

/** Newest of up to this many kind-0 events per author (spec §7). */
export const METADATA_LIMIT = 10
/** Authors per REQ: relays commonly cap filter sizes. */
const MAX_AUTHORS = 100

export type MetadataLoader = (pubkey: string) => Promise<ProfileMetadata | null>

export function createMetadataLoader(hub: RelayHub): MetadataLoader {
  return createGatherer({
    maxBatch: MAX_AUTHORS,
    load: async (authors) => {
      const events = await hub.query([
        {
          kinds: [0],
          authors: [...authors],
          limit: Math.min(authors.length * METADATA_LIMIT, 500),
        },
      ])
      return authors.map((pubkey) => {
        const newest = events
          .filter((event) => event.pubkey === pubkey)
          .sort((a, b) => b.created_at - a.created_at)[0]
        return newest ? parseProfileMetadata(newest.content) : null
      })
    },
  })
}

export const metadataKey = (pubkey: string) => ['metadata', pubkey] as const

export const metadataQueryOptions = (load: MetadataLoader, pubkey: string) =>
  queryOptions({ queryKey: metadataKey(pubkey), queryFn: () => load(pubkey) })
