// Demo world generator: a deterministic, signed, month-long slice of a small nostr network,
// used by `npm start` and by every test relay.
//
//   const world = await generateDemoWorld({ origin: 'http://127.0.0.1:8080' })
//   const many = await generateDemoWorld({ origin, relays: localWorldRelays(7777) })
//
// On one relay (the default) every event is stored there. On many, `eventsByRelay` and
// `relaysOf` say where each event lives (placement.ts).
//
// Async because signing uses libsecp256k1 compiled to WASM, which loads asynchronously.
import type { NostrEvent } from 'nostr-tools/pure'
import type { Author, WorldContext } from './context.ts'
import { publishDemoActivity } from './demo.ts'
import { publishQuotes, publishReactions, publishReposts } from './engagement.ts'
import { type HintedNote, publishHintedNotes } from './hinted.ts'
import { deriveIdentity, toAccount } from './keys.ts'
import { serveMedia } from './media/index.ts'
import { publishMentions } from './mentions.ts'
import { publishContentWarnings, publishRootNotes } from './notes.ts'
import { DEMO_HANDLE, PERSONAS } from './personas.ts'
import { placeEvents } from './placement.ts'
import { createRng } from './prng.ts'
import { publishProfiles } from './profiles.ts'
import { assignRelayLists } from './relay-lists.ts'
import { relayUrls, singleRelay, type WorldRelays } from './relays.ts'
import { publishShowcase } from './showcase.ts'
import { createSigner } from './signer.ts'
import {
  buildFollowGraph,
  publishContactLists,
  publishMuteLists,
  publishRelayLists,
} from './social.ts'
import { publishThreads } from './threads.ts'
import type { DemoAccount, DemoWorld, DemoWorldOptions } from './types.ts'
import { publishZaps } from './zaps.ts'

export type { HintedNote } from './hinted.ts'
export type { WorldPlacement } from './placement.ts'
export {
  localWorldRelays,
  type NamedRelay,
  namedRelays,
  type RelayRole,
  relayUrls,
  singleRelay,
  WORLD_RELAY_COUNT,
  type WorldRelays,
  worldRelaysOn,
} from './relays.ts'
export type { DemoAccount, DemoWorld, DemoWorldOptions } from './types.ts'

export const DEFAULT_RELAY_URL = 'ws://127.0.0.1:7777'
const SEED = 'plume-demo-world/v1'

/** The lightning service key that signs every zap receipt (its pubkey is the lnurl nostrPubkey). */
export function demoZapper(): DemoAccount {
  return toAccount(deriveIdentity('zapper'))
}

/** What the cache keeps: the world without its ground truth, which is rebuilt for each copy. */
type BuiltWorld = Omit<DemoWorld, 'eventsByRelay' | 'relaysOf'>

async function build(origin: string, now: number, relays: WorldRelays): Promise<BuiltWorld> {
  const signer = await createSigner()
  const authors: Author[] = PERSONAS.map((persona) => ({
    persona,
    id: deriveIdentity(persona.handle),
  }))
  const byHandle = new Map(authors.map((a) => [a.persona.handle, a]))
  const demo = byHandle.get(DEMO_HANDLE)
  if (!demo) throw new Error('demo persona missing')
  const rng = createRng(SEED)
  const ctx: WorldContext = {
    rng,
    timeRng: createRng(`${SEED}/time`),
    now,
    origin,
    host: new URL(origin).host,
    relays,
    relayLists: new Map(),
    signer,
    authors,
    byHandle,
    demo,
    zapper: deriveIdentity('zapper'),
    follows: new Map(),
    events: [],
    notes: [],
    usedTexts: new Set(),
  }

  buildFollowGraph(ctx)
  // Where people read and write, from a stream of its own: the rest of the world (and all of the
  // single-relay world) is the same whatever these draws are.
  const relayRng = createRng(`${SEED}/relays`)
  assignRelayLists(ctx, relayRng)
  publishProfiles(ctx)
  publishContactLists(ctx)
  publishMuteLists(ctx)
  publishRelayLists(ctx)
  publishRootNotes(ctx)
  publishContentWarnings(ctx)
  publishMentions(ctx, 40)
  publishThreads(ctx)
  publishQuotes(ctx, 110)
  publishReposts(ctx)
  publishReactions(ctx)
  publishZaps(ctx, 24)
  publishDemoActivity(ctx)
  publishShowcase(ctx)
  const hinted = publishHintedNotes(ctx, relayRng)
  await signer.finish()

  // oldest first, ties by id: a stable order that relays can ingest as a replay of history
  const events = ctx.events.sort((x, y) => x.created_at - y.created_at || (x.id < y.id ? -1 : 1))
  return {
    events,
    accounts: authors.map((a) => toAccount(a.id)),
    demoAccount: toAccount(demo.id),
    nip05: Object.fromEntries(authors.map((a) => [a.persona.handle, a.id.pubkey])),
    media: serveMedia,
    relays,
    relayLists: Object.fromEntries(
      [...ctx.relayLists].map(([pubkey, list]) => [pubkey, { read: list.read, write: list.write }]),
    ),
    hinted,
  }
}

/** The ground truth of a world's events (see placement.ts). */
function placementOf(world: BuiltWorld, events: NostrEvent[]) {
  return placeEvents(events, {
    relays: relayUrls(world.relays),
    indexer: world.relays.indexer,
    fallback: world.relays.general,
    only: new Map(world.hinted.map((h: HintedNote) => [h.id, h.relay])),
  })
}

// Test relays start many times per run; reuse the last world for identical options and hand out
// fresh copies so callers (and relays that tag events in place) cannot corrupt the cache.
let cached: { key: string; world: Promise<BuiltWorld> } | undefined

export async function generateDemoWorld(options: DemoWorldOptions): Promise<DemoWorld> {
  const origin = options.origin.replace(/\/+$/, '')
  const now = Math.floor(options.now ?? Date.now() / 1000)
  const relays = options.relays ?? singleRelay(options.relayUrl ?? DEFAULT_RELAY_URL)
  const key = JSON.stringify([origin, now, relays])
  if (cached?.key !== key) cached = { key, world: build(origin, now, relays) }
  const world = await cached.world
  const events = world.events.map(copyEvent)
  const { eventsByRelay, relaysOf } = placementOf(world, events)
  return {
    ...world,
    events,
    accounts: world.accounts.map((a) => ({ ...a })),
    demoAccount: { ...world.demoAccount },
    nip05: { ...world.nip05 },
    relays: { ...world.relays, general: [...world.relays.general], small: [...world.relays.small] },
    relayLists: Object.fromEntries(
      Object.entries(world.relayLists).map(([pk, l]) => [
        pk,
        { read: [...l.read], write: [...l.write] },
      ]),
    ),
    hinted: world.hinted.map((h) => ({ ...h })),
    eventsByRelay,
    relaysOf,
  }
}

/** Forget the cached world (tests use this to check that generation itself is deterministic). */
export function clearDemoWorldCache(): void {
  cached = undefined
}

function copyEvent(e: NostrEvent): NostrEvent {
  return { ...e, tags: e.tags.map((t) => [...t]) }
}
