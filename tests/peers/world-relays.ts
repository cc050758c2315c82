/**
 * The many-relay world running: one real relay per URL of the world, each seeded with the events
 * the world's ground truth places on it (seed/placement.ts). Used by `npm start`, the browser
 * tests and the bench. A world on one relay starts one relay that plays every role.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { NostrEvent } from 'nostr-tools/pure'
import { type RelayHandle, startRelay } from './relay.ts'
import { type NamedRelay, namedRelays, type WorldRelays } from './seed/relays.ts'

export interface WorldRelayOptions {
  world: { relays: WorldRelays; eventsByRelay: ReadonlyMap<string, readonly NostrEvent[]> }
  /** One append-only file per relay, `<dir>/<name>.jsonl`, seeded only when it is missing. */
  persistDir?: string
}

export interface RunningRelay extends NamedRelay {
  relay: RelayHandle
  /** false: it loaded its file and took no seed */
  seeded: boolean
  persistFile?: string
}

export interface WorldRelayHandles {
  general: readonly [RelayHandle, RelayHandle]
  indexer: RelayHandle
  small: readonly RelayHandle[]
  hintOnly: RelayHandle
  /** every distinct relay, in the order of namedRelays (a relay playing several roles once) */
  running: RunningRelay[]
  close(): Promise<void>
}

/** A relay that could not start: which one (its name), on which port, and why (`cause`). */
export class WorldRelayStartError extends Error {
  constructor(
    readonly relay: string,
    readonly port: number,
    override readonly cause: unknown,
  ) {
    super(`the ${relay} relay could not start on port ${port}`)
  }
}

function portOf(url: string): number {
  const { hostname, port } = new URL(url)
  if (hostname !== '127.0.0.1' || port === '') {
    throw new Error(`a world relay must be ws://127.0.0.1:<port>, got ${url}`)
  }
  return Number(port)
}

const ROLE_NAMES: Record<NamedRelay['role'], string> = {
  general: 'general relay',
  indexer: 'indexer relay',
  small: 'small relay',
  'hint-only': 'hint-only relay',
}

/** A relay to start: a file-safe name, its URL (ws://127.0.0.1:<port>) and how to describe it. */
export interface PlacedRelay {
  name: string
  url: string
  /** NIP-11 name */
  title: string
}

export interface PlacedRelays<R extends PlacedRelay> {
  running: (R & { relay: RelayHandle; seeded: boolean; persistFile?: string })[]
  close(): Promise<void>
}

/**
 * Starts a relay per URL (the first entry for a URL listed twice), each seeded with its events;
 * on a failure the ones started are closed again and the error names the relay.
 */
export async function startPlacedRelays<R extends PlacedRelay>(
  relays: readonly R[],
  eventsByRelay: ReadonlyMap<string, readonly NostrEvent[]>,
  persistDir?: string,
): Promise<PlacedRelays<R>> {
  const running: PlacedRelays<R>['running'] = []
  const closeAll = async () => {
    await Promise.all(running.map((r) => r.relay.close()))
  }
  const started = new Set<string>()
  for (const placed of relays) {
    if (started.has(placed.url)) continue
    started.add(placed.url)
    const port = portOf(placed.url)
    const persistFile = persistDir ? join(persistDir, `${placed.name}.jsonl`) : undefined
    const seeded = !persistFile || !existsSync(persistFile)
    let relay: RelayHandle
    try {
      relay = await startRelay({
        port,
        name: placed.title,
        ...(persistFile ? { persistFile } : {}),
        ...(seeded ? { seed: [...(eventsByRelay.get(placed.url) ?? [])] } : {}),
      })
    } catch (error) {
      await closeAll()
      throw new WorldRelayStartError(placed.name, port, error)
    }
    running.push({ ...placed, relay, seeded, ...(persistFile ? { persistFile } : {}) })
  }
  return { running, close: closeAll }
}

/** Starts every relay of the world; on a failure the ones started are closed again. */
export async function startWorldRelays(o: WorldRelayOptions): Promise<WorldRelayHandles> {
  const named = namedRelays(o.world.relays).map((r) => ({
    ...r,
    title: `Plume ${r.name} (${ROLE_NAMES[r.role]})`,
  }))
  const { running, close } = await startPlacedRelays(named, o.world.eventsByRelay, o.persistDir)
  const byUrl = new Map(running.map((r) => [r.url, r.relay]))
  const at = (url: string): RelayHandle => byUrl.get(url) as RelayHandle
  const { general, indexer, small, hintOnly } = o.world.relays
  return {
    general: [at(general[0]), at(general[1])],
    indexer: at(indexer),
    small: small.map(at),
    hintOnly: at(hintOnly),
    running,
    close,
  }
}
