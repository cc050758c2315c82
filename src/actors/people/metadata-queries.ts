/**
 * Profile metadata (kind 0) through TanStack Query. Cards ask one pubkey at a time; the loader
 * gathers the asks of one moment into a single REQ (row-loader.ts), so a screen of notes costs one.
 */
import { queryOptions } from '@tanstack/react-query'
import type { ProfileMetadata } from '../../core/people/profile.ts'

/** Newest of up to this many kind-0 events per author (spec §7). */
export const METADATA_LIMIT = 10

export type MetadataLoader = (pubkey: string) => Promise<ProfileMetadata | null>

export const metadataKey = (pubkey: string) => ['metadata', pubkey] as const

export const metadataQueryOptions = (load: MetadataLoader, pubkey: string) =>
  queryOptions({ queryKey: metadataKey(pubkey), queryFn: () => load(pubkey) })
