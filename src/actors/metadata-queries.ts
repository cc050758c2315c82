/**
 * Profile metadata (kind 0) through TanStack Query. Cards ask one pubkey at a time; the loader
 * gathers the asks of one moment into a single REQ, so a page of notes costs one request.
 */
import { queryOptions } from '@tanstack/react-query'
import { type ProfileMetadata, parseProfileMetadata } from '../core/profile.ts'
import type { RelayHub } from './relay-hub.ts'

/** Newest of up to this many kind-0 events per author (spec §7). */
export const METADATA_LIMIT = 10
/** Authors per REQ: relays commonly cap filter sizes. */
const MAX_AUTHORS = 100
/**
 * How long asks are gathered before the REQ goes out: the rows of a first screen come over a few
 * frames (the overscan grows a row at a time), and one REQ should serve them (bench: REQs in the
 * first 5 s, 13 with one frame's gathering, 7 or 8 with this).
 */
const GATHER_MS = 50

export type MetadataLoader = (pubkey: string) => Promise<ProfileMetadata | null>

export function createMetadataLoader(hub: RelayHub): MetadataLoader {
  let waiting = new Map<string, ((metadata: ProfileMetadata | null) => void)[]>()
  let scheduled = false

  async function load(batch: Map<string, ((metadata: ProfileMetadata | null) => void)[]>) {
    const authors = [...batch.keys()]
    const events = await hub.query([
      { kinds: [0], authors, limit: Math.min(authors.length * METADATA_LIMIT, 500) },
    ])
    for (const [pubkey, resolvers] of batch) {
      const newest = events
        .filter((event) => event.pubkey === pubkey)
        .sort((a, b) => b.created_at - a.created_at)[0]
      const metadata = newest ? parseProfileMetadata(newest.content) : null
      for (const resolve of resolvers) resolve(metadata)
    }
  }

  function flush() {
    scheduled = false
    const all = [...waiting]
    waiting = new Map()
    for (let i = 0; i < all.length; i += MAX_AUTHORS)
      void load(new Map(all.slice(i, i + MAX_AUTHORS)))
  }

  return (pubkey) =>
    new Promise((resolve) => {
      waiting.set(pubkey, [...(waiting.get(pubkey) ?? []), resolve])
      if (!scheduled) {
        scheduled = true
        setTimeout(flush, GATHER_MS)
      }
    })
}

export const metadataKey = (pubkey: string) => ['metadata', pubkey] as const

export const metadataQueryOptions = (load: MetadataLoader, pubkey: string) =>
  queryOptions({ queryKey: metadataKey(pubkey), queryFn: () => load(pubkey) })
