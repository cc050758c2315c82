// The shared state threaded through every generator step.
import type { EventTemplate, NostrEvent } from 'nostr-tools/pure'
import type { Identity } from './keys.ts'
import type { Rng } from './prng.ts'
import type { RelayList } from './relay-lists.ts'
import type { WorldRelays } from './relays.ts'
import type { Signer } from './signer.ts'
import type { Persona, TopicKey } from './types.ts'

export interface Author {
  persona: Persona
  id: Identity
}

/** A published kind-1 note plus what later steps need to know about it */
export interface NoteInfo {
  event: NostrEvent
  author: Author
  topic: TopicKey | null
  /** id of the thread root, for replies */
  rootId: string | null
  hasMedia: boolean
}

export interface WorldContext {
  /** structural choices (who, what, which text); independent of `now` */
  rng: Rng
  /** timestamps only, so a different `now` shifts times without changing the content */
  timeRng: Rng
  now: number
  origin: string
  /** host:port of the origin, used for nip05 and lightning addresses */
  host: string
  /** the world's relays by role (one URL in every role for a single-relay world) */
  relays: WorldRelays
  /** pubkey -> where they read and write (their kind 10002) */
  relayLists: Map<string, RelayList>
  signer: Signer
  authors: Author[]
  byHandle: Map<string, Author>
  demo: Author
  zapper: Identity
  /** handle -> handles they follow */
  follows: Map<string, Set<string>>
  /** every published event, in generation order */
  events: NostrEvent[]
  /** every kind-1 note (roots, replies, quotes) */
  notes: NoteInfo[]
  /** texts already used by root notes, to keep the feed from repeating itself */
  usedTexts: Set<string>
}

/** create (signature deferred) and publish an event */
export function publish(ctx: WorldContext, author: Author, template: EventTemplate): NostrEvent {
  const event = ctx.signer.create(template, author.id.secretKey, author.id.pubkey)
  ctx.events.push(event)
  return event
}

export function author(ctx: WorldContext, handle: string): Author {
  const a = ctx.byHandle.get(handle)
  if (!a) throw new Error(`unknown persona ${handle}`)
  return a
}

export function followersOf(ctx: WorldContext, handle: string): Author[] {
  return ctx.authors.filter(
    (a) => a.persona.handle !== handle && ctx.follows.get(a.persona.handle)?.has(handle),
  )
}
