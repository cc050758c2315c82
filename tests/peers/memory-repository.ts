/**
 * An in-memory EventRepository for @nostr-relay/core, so the test relay needs no native build
 * (the library's own repository is SQLite). It follows NIP-01 storage rules (replaceable and
 * addressable events keep only the newest version) and NIP-09 deletions, and answers filters
 * newest first with the library's limits (100 without a limit, at most 1,000).
 */
import {
  type Event,
  EventRepository,
  type EventRepositoryUpsertResult,
  type Filter,
} from '@nostr-relay/common'
import type { NostrEvent } from 'nostr-tools/pure'

export interface MemoryRepositoryOptions {
  /** Events returned by a filter without `limit` (the SQLite repository's default: 100). */
  defaultLimit?: number
  /** The largest `limit` honoured (the SQLite repository allows ten times the default). */
  maxLimit?: number
  /**
   * Deletion requests are stored and served, the events they name kept (NIP-09 is optional for
   * relays; many never delete): what a client hides then is its own doing.
   */
  keepDeleted?: boolean
}

type Storage = 'regular' | 'replaceable' | 'addressable' | 'ephemeral'

/** NIP-01 storage class of a kind. */
export function storageOf(kind: number): Storage {
  if (kind === 0 || kind === 3 || (kind >= 10000 && kind < 20000)) return 'replaceable'
  if (kind >= 20000 && kind < 30000) return 'ephemeral'
  if (kind >= 30000 && kind < 40000) return 'addressable'
  return 'regular'
}

/** `kind:pubkey:d` for replaceable and addressable events, null for the others. */
export function coordinateOf(event: Pick<NostrEvent, 'kind' | 'pubkey' | 'tags'>): string | null {
  const storage = storageOf(event.kind)
  if (storage === 'replaceable') return `${event.kind}:${event.pubkey}:`
  if (storage !== 'addressable') return null
  const d = event.tags.find((tag) => tag[0] === 'd')?.[1] ?? ''
  return `${event.kind}:${event.pubkey}:${d}`
}

/** NIP-01 filter match (ids, authors, kinds, #tags, since, until); limit and search aside. */
export function matchFilter(filter: Filter, event: Event): boolean {
  if (filter.ids && !filter.ids.includes(event.id)) return false
  if (filter.authors && !filter.authors.includes(event.pubkey)) return false
  if (filter.kinds && !filter.kinds.includes(event.kind)) return false
  if (filter.since !== undefined && event.created_at < filter.since) return false
  if (filter.until !== undefined && event.created_at > filter.until) return false
  for (const [key, values] of Object.entries(filter)) {
    if (key[0] !== '#' || !Array.isArray(values)) continue
    const name = key.slice(1)
    if (!event.tags.some((tag) => tag[0] === name && values.includes(tag[1]))) return false
  }
  return true
}

export const matchFilters = (filters: readonly Filter[], event: Event): boolean =>
  filters.some((filter) => matchFilter(filter, event))

/** Feed order: newest first, ties by lowest id (NIP-01's tie-break for replaceable events). */
const before = (a: Event, b: Event): boolean =>
  a.created_at > b.created_at || (a.created_at === b.created_at && a.id < b.id)

const expired = (event: Event, now: number): boolean => {
  const tag = event.tags.find((t) => t[0] === 'expiration')
  const at = tag?.[1] === undefined ? Number.NaN : Number.parseInt(tag[1], 10)
  return Number.isFinite(at) && at < now
}

/** NIP-50, minimally: every plain word of the query appears in the content (case-insensitive). */
const matchesSearch = (event: Event, search: string | undefined): boolean => {
  if (search === undefined) return true
  const content = event.content.toLowerCase()
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '' && !word.includes(':'))
    .every((word) => content.includes(word))
}

export class MemoryEventRepository extends EventRepository {
  /** Called once for every event newly stored (deletion requests included): the persistence hook. */
  onAccept: ((event: NostrEvent) => void) | undefined

  private readonly byId = new Map<string, Event>()
  private readonly byCoordinate = new Map<string, Event>()
  private readonly sorted: Event[] = []
  /** Deleted event id -> pubkey allowed to have deleted it, so a re-broadcast stays deleted. */
  private readonly deletedIds = new Map<string, string>()
  /** Deleted coordinate -> created_at of the deletion: versions up to then stay deleted. */
  private readonly deletedCoordinates = new Map<string, number>()
  private readonly defaultLimit: number
  private readonly maxLimit: number
  private readonly keepDeleted: boolean

  constructor(options: MemoryRepositoryOptions = {}) {
    super()
    this.defaultLimit = options.defaultLimit ?? 100
    this.maxLimit = options.maxLimit ?? this.defaultLimit * 10
    this.keepDeleted = options.keepDeleted ?? false
  }

  override isSearchSupported(): boolean {
    return true
  }

  /** Called by the library for regular, replaceable and addressable events (not kind 5). */
  upsert(event: Event): EventRepositoryUpsertResult {
    return { isDuplicate: !this.store(event) }
  }

  /** Called by the library for kind 5: removes the author's targets and keeps the request. */
  override async deleteByDeletionRequest(event: Event): Promise<void> {
    this.applyDeletion(event)
  }

  find(filter: Filter): Event[] {
    const limit =
      filter.limit === undefined ? this.defaultLimit : Math.min(filter.limit, this.maxLimit)
    if (limit <= 0) return []
    const now = Math.floor(Date.now() / 1000)
    const accepts = (event: Event): boolean =>
      matchFilter(filter, event) && matchesSearch(event, filter.search) && !expired(event, now)
    if (filter.ids) {
      return filter.ids
        .map((id) => this.byId.get(id))
        .filter((event): event is Event => event !== undefined && accepts(event))
        .sort((a, b) => (before(a, b) ? -1 : 1))
        .slice(0, limit)
    }
    const result: Event[] = []
    const start = filter.until === undefined ? 0 : this.firstAtOrBefore(filter.until)
    for (let i = start; i < this.sorted.length && result.length < limit; i++) {
      const event = this.sorted[i]!
      if (filter.since !== undefined && event.created_at < filter.since) break
      if (accepts(event)) result.push(event)
    }
    return result
  }

  async destroy(): Promise<void> {}

  /**
   * Stores any event without verifying it (seeding and replaying the log): kind 5 applies the
   * deletion, ephemeral kinds are not stored. True when something was stored.
   */
  ingest(event: NostrEvent): boolean {
    if (event.kind === 5) return this.applyDeletion(event)
    if (storageOf(event.kind) === 'ephemeral') return false
    return this.store(event)
  }

  has(id: string): boolean {
    return this.byId.has(id)
  }

  /** Every stored event, newest first. */
  all(): NostrEvent[] {
    return [...this.sorted]
  }

  get size(): number {
    return this.sorted.length
  }

  private store(event: Event): boolean {
    if (this.byId.has(event.id)) return false
    if (this.deletedIds.get(event.id) === event.pubkey) return false
    const coordinate = coordinateOf(event)
    if (coordinate !== null) {
      const deletedAt = this.deletedCoordinates.get(coordinate)
      if (deletedAt !== undefined && event.created_at <= deletedAt) return false
      const current = this.byCoordinate.get(coordinate)
      if (current && before(current, event)) return false
      if (current) this.remove(current)
      this.byCoordinate.set(coordinate, event)
    }
    this.insert(event)
    this.onAccept?.(event)
    return true
  }

  private applyDeletion(request: Event): boolean {
    if (this.byId.has(request.id)) return false
    for (const [name, value] of this.keepDeleted ? [] : request.tags) {
      if (value === undefined) continue
      if (name === 'e') this.deleteId(value, request.pubkey)
      if (name === 'a') this.deleteCoordinate(value, request)
    }
    this.insert(request)
    this.onAccept?.(request)
    return true
  }

  private deleteId(id: string, author: string): void {
    const target = this.byId.get(id)
    // Only the author may delete, and deletion requests themselves cannot be deleted (NIP-09).
    if (target && (target.pubkey !== author || target.kind === 5)) return
    this.deletedIds.set(id, author)
    if (target) this.remove(target)
  }

  private deleteCoordinate(value: string, request: Event): void {
    const [kindText, pubkey, ...dParts] = value.split(':')
    const kind = Number.parseInt(kindText ?? '', 10)
    if (pubkey !== request.pubkey || !Number.isInteger(kind)) return
    const coordinate = coordinateOf({ kind, pubkey, tags: [['d', dParts.join(':')]] })
    if (coordinate === null) return
    const previous = this.deletedCoordinates.get(coordinate) ?? 0
    this.deletedCoordinates.set(coordinate, Math.max(previous, request.created_at))
    const current = this.byCoordinate.get(coordinate)
    if (current && current.created_at <= request.created_at) {
      this.byCoordinate.delete(coordinate)
      this.remove(current)
    }
  }

  private insert(event: Event): void {
    this.byId.set(event.id, event)
    this.sorted.splice(this.insertionIndex(event), 0, event)
  }

  private remove(event: Event): void {
    this.byId.delete(event.id)
    const index = this.insertionIndex(event)
    if (this.sorted[index]?.id === event.id) this.sorted.splice(index, 1)
  }

  /** Index of the first stored event that does not sort before `event`. */
  private insertionIndex(event: Event): number {
    let low = 0
    let high = this.sorted.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (before(this.sorted[mid]!, event)) low = mid + 1
      else high = mid
    }
    return low
  }

  /** Index of the first stored event with created_at <= until. */
  private firstAtOrBefore(until: number): number {
    let low = 0
    let high = this.sorted.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (this.sorted[mid]!.created_at > until) low = mid + 1
      else high = mid
    }
    return low
  }
}
