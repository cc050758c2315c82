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

/** A relay that could not start: which one, on which port, and why (`cause`). */
export class WorldRelayStartError extends Error {
  constructor(
    readonly relay: NamedRelay,
    readonly port: number,
    override readonly cause: unknown,
  ) {
    super(`the ${relay.name} relay could not start on port ${port}`)
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

/** Starts every relay of the world; on a failure the ones started are closed again. */
export async function startWorldRelays(o: WorldRelayOptions): Promise<WorldRelayHandles> {
  const running: RunningRelay[] = []
  const byUrl = new Map<string, RelayHandle>()
  const closeAll = async () => {
    await Promise.all(running.map((r) => r.relay.close()))
  }
  for (const named of namedRelays(o.world.relays)) {
    if (byUrl.has(named.url)) continue
    const port = portOf(named.url)
    const persistFile = o.persistDir ? join(o.persistDir, `${named.name}.jsonl`) : undefined
    const seeded = !persistFile || !existsSync(persistFile)
    let relay: RelayHandle
    try {
      relay = await startRelay({
        port,
        name: `Plume ${named.name} (${ROLE_NAMES[named.role]})`,
        ...(persistFile ? { persistFile } : {}),
        ...(seeded ? { seed: [...(o.world.eventsByRelay.get(named.url) ?? [])] } : {}),
      })
    } catch (error) {
      await closeAll()
      throw new WorldRelayStartError(named, port, error)
    }
    byUrl.set(named.url, relay)
    running.push({ ...named, relay, seeded, ...(persistFile ? { persistFile } : {}) })
  }
  const at = (url: string): RelayHandle => byUrl.get(url) as RelayHandle
  const { general, indexer, small, hintOnly } = o.world.relays
  return {
    general: [at(general[0]), at(general[1])],
    indexer: at(indexer),
    small: small.map(at),
    hintOnly: at(hintOnly),
    running,
    close: closeAll,
  }
}
