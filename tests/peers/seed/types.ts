// Shared shapes for the demo world generator.
import type { NostrEvent } from 'nostr-tools/pure'
import type { HintedNote } from './hinted.ts'
import type { WorldRelays } from './relays.ts'

export interface DemoAccount {
  name: string
  pubkey: string
  secretKeyHex: string
  nsec: string
  npub: string
}

export interface DemoWorld {
  /** signed, deterministic keys, created_at relative to `now` */
  events: NostrEvent[]
  accounts: DemoAccount[]
  /** the account to log in as in the demo (has notifications in the last 24 h) */
  demoAccount: DemoAccount
  /** name -> hex pubkey, for /.well-known/nostr.json */
  nip05: Record<string, string>
  /** answers /media/... paths */
  media(pathname: string): { contentType: string; body: Uint8Array } | null
  /** the world's relays by role (the same URL in every role for a single-relay world) */
  relays: WorldRelays
  /** pubkey -> the read relays (inbox) and write relays (outbox) of their kind 10002 */
  relayLists: Record<string, { read: string[]; write: string[] }>
  /** ground truth: relay URL -> the events it stores, oldest first */
  eventsByRelay: Map<string, NostrEvent[]>
  /** ground truth: the relays that store an event (empty for an unknown id) */
  relaysOf(id: string): string[]
  /** notes stored only on the hint-only relay, and the seeded notes that point at them */
  hinted: HintedNote[]
}

export interface DemoWorldOptions {
  /** where the demo is served, e.g. http://127.0.0.1:8080; media, nip05 and lud16 live here */
  origin: string
  /** unix seconds; default: the current time */
  now?: number
  /**
   * One relay in every role: it is in every relay list and every hint, and stores every event.
   * Default ws://127.0.0.1:7777. Ignored when `relays` is given.
   */
  relayUrl?: string
  /** The many-relay world: relays by role (see localWorldRelays and worldRelaysOn). */
  relays?: WorldRelays
}

export type TopicKey =
  | 'bitcoin'
  | 'lightning'
  | 'nostr'
  | 'nostrdev'
  | 'news'
  | 'landscape'
  | 'street'
  | 'film'
  | 'astro'
  | 'chef'
  | 'baking'
  | 'coffee'
  | 'cycling'
  | 'running'
  | 'climbing'
  | 'surf'
  | 'sailing'
  | 'art'
  | 'generative'
  | 'music'
  | 'design'
  | 'books'
  | 'dev'
  | 'privacy'
  | 'learning'
  | 'science'
  | 'garden'
  | 'woodworking'
  | 'teaching'
  | 'memes'
  | 'travel'
  | 'life'

/** Procedural photo families rendered by media/photos.ts */
export type PhotoKind =
  | 'mountains'
  | 'seascape'
  | 'forest'
  | 'dunes'
  | 'aurora'
  | 'nightsky'
  | 'city'
  | 'abstract'
  | 'generative'
  | 'bokeh'

export type VideoName = 'mandelbrot-dive' | 'plasma-waves' | 'game-of-life'

/** Text material for one topic. Templates may use {a|b} alternation, {@slot} and {#:min-max}. */
export interface TopicCorpus {
  /** hashtags (no '#') appended when a post has none inline */
  tags: readonly string[]
  posts: readonly string[]
  /** replies someone might leave under a post on this topic */
  replies: readonly string[]
  /** photo families that fit this topic (posts may get an image) */
  photos?: readonly PhotoKind[]
  /** share of posts that carry a photo */
  photoRate?: number
  slots?: Readonly<Record<string, readonly string[]>>
}

export interface Persona {
  handle: string
  displayName: string
  about: string
  website: string
  /** topics weighted by how much this person posts about them */
  topics: readonly (readonly [TopicKey, number])[]
  /** relative posting volume */
  activity: number
  /** UTC offset in hours, gives each person a believable daily rhythm */
  utcOffset: number
  avatar: 'initials' | 'bauhaus' | 'orbs' | 'rings'
  banner: 'mountains' | 'waves' | 'city' | 'dunes' | 'blobs'
  /** index into the shared colour palettes */
  palette: number
}
