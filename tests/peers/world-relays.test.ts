import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  localRuntimeConfig,
  parseRuntimeConfig,
  readRelays,
} from '../../src/core/platform/runtime-config.ts'
import { freePorts } from './free-port.ts'
import {
  type DemoWorld,
  generateDemoWorld,
  namedRelays,
  singleRelay,
  WORLD_RELAY_COUNT,
  worldRelaysOn,
} from './seed/index.ts'
import { worldRuntimeConfig } from './world-config.ts'
import { startWorldRelays, WorldRelayStartError } from './world-relays.ts'

let world: DemoWorld
const dirs: string[] = []

const ids = (events: readonly NostrEvent[]) => events.map((e) => e.id).sort()

/** One REQ, the events up to EOSE. */
async function query(url: string, filter: Record<string, unknown>): Promise<NostrEvent[]> {
  const ws = new WebSocket(url)
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const events: NostrEvent[] = []
  await new Promise<void>((resolve) => {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as [string, string, NostrEvent]
      if (frame[0] === 'EVENT') events.push(frame[2])
      if (frame[0] === 'EOSE') resolve()
    })
    ws.send(JSON.stringify(['REQ', 'q', filter]))
  })
  ws.close()
  return events
}

beforeAll(async () => {
  const relays = worldRelaysOn(await freePorts(WORLD_RELAY_COUNT))
  world = await generateDemoWorld({ origin: 'http://127.0.0.1:8080', relays })
}, 60_000)

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('startWorldRelays', () => {
  it('runs a relay per role, each holding what the ground truth places on it', async () => {
    const running = await startWorldRelays({ world })
    try {
      expect(running.running.map((r) => r.name)).toEqual(
        namedRelays(world.relays).map((r) => r.name),
      )
      for (const r of running.running) {
        expect(r.relay.url).toBe(r.url)
        expect(r.seeded).toBe(true)
        expect(ids(r.relay.events())).toEqual(ids(world.eventsByRelay.get(r.url) ?? []))
      }
      expect(running.general.map((r) => r.url)).toEqual([...world.relays.general])
      expect(running.indexer.url).toBe(world.relays.indexer)
      expect(running.small.map((r) => r.url)).toEqual([...world.relays.small])
      // a note reached through its hint: the hint-only relay answers for it, general A does not
      const [hinted] = world.hinted
      expect(hinted).toBeDefined()
      const id = hinted?.id ?? ''
      expect((await query(running.hintOnly.url, { ids: [id] })).map((e) => e.id)).toEqual([id])
      expect(await query(running.general[0].url, { ids: [id] })).toEqual([])
    } finally {
      await running.close()
    }
  })

  it('persists each relay in its own file, seeded only when the file is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plume-world-'))
    dirs.push(dir)
    const first = await startWorldRelays({ world, persistDir: dir })
    const note = finalizeEvent(
      { kind: 1, created_at: Math.floor(Date.now() / 1000), tags: [], content: 'kept' },
      new Uint8Array(32).fill(7),
    )
    await first.general[0].publish(note)
    await first.close()
    for (const r of namedRelays(world.relays))
      expect(existsSync(join(dir, `${r.name}.jsonl`))).toBe(true)

    const again = await startWorldRelays({ world, persistDir: dir })
    try {
      expect(again.running.every((r) => !r.seeded)).toBe(true)
      expect(again.general[0].events().map((e) => e.id)).toContain(note.id)
      expect(again.indexer.events()).toHaveLength(
        world.eventsByRelay.get(world.relays.indexer)?.length ?? -1,
      )
    } finally {
      await again.close()
    }
  })

  it('says which relay could not start, and closes the others', async () => {
    const blocker = await startWorldRelays({
      world: { relays: singleRelay(world.relays.small[1]), eventsByRelay: new Map() },
    })
    try {
      const error = await startWorldRelays({ world }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WorldRelayStartError)
      expect((error as WorldRelayStartError).relay).toBe('small-2')
      // the relays started before it are closed again: their ports are free
      const retry = await startWorldRelays({
        world: { relays: singleRelay(world.relays.general[0]), eventsByRelay: new Map() },
      })
      await retry.close()
    } finally {
      await blocker.close()
    }
  })

  it('plays every role with one relay for a single-relay world', async () => {
    const [port] = await freePorts(1)
    const url = `ws://127.0.0.1:${port}`
    const single = await generateDemoWorld({ origin: 'http://127.0.0.1:8080', relayUrl: url })
    const running = await startWorldRelays({ world: single })
    try {
      expect(running.running).toHaveLength(1)
      expect(running.hintOnly).toBe(running.general[0])
      expect(running.indexer.events()).toHaveLength(single.events.length)
    } finally {
      await running.close()
    }
  }, 60_000)
})

describe('worldRuntimeConfig', () => {
  it('pools the general relays read and write and the indexer as an indexer', () => {
    const config = worldRuntimeConfig(world.relays)
    expect(config.relays).toEqual([
      { url: world.relays.general[0], permission: 'readwrite' },
      { url: world.relays.general[1], permission: 'readwrite' },
      { url: world.relays.indexer, permission: 'indexer' },
    ])
    expect(config.indexerRelays).toEqual([world.relays.indexer])
    expect(readRelays(config)).toEqual([...world.relays.general])
    expect(parseRuntimeConfig(JSON.parse(JSON.stringify(config)))).toEqual(config)
  })

  it('is the plain local config on one relay', () => {
    const url = 'ws://127.0.0.1:7777'
    expect(worldRuntimeConfig(singleRelay(url))).toEqual(localRuntimeConfig([url]))
  })
})
