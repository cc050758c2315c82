/** The handles the UI gets from `startSystem` (../system.ts) through React context. */
import type { QueryClient } from '@tanstack/react-query'
import type { Actor } from 'xstate'
import type { appMachine } from '../../machines/app.machine.ts'
import type { AppUpdateActorRef } from '../../machines/app-update.machine.ts'
import type { AuxRelaysActorRef } from '../../machines/aux-relays.machine.ts'
import type { CacheRestoreActorRef } from '../../machines/cache-restore.machine.ts'
import type { LoginActorRef } from '../../machines/login.machine.ts'
import type { RelayListActorRef } from '../../machines/relay-list.machine.ts'
import type { RelayManagerActorRef } from '../../machines/relay-manager.machine.ts'
import type { WebOfTrustActorRef } from '../../machines/web-of-trust.machine.ts'
import type { FirstScreen } from '../app/first-screen.ts'
import type { MemoryManager } from '../app/memory-manager.ts'
import type { StoragePersistence } from '../app/storage-persistence.ts'
import type { CashuWallet } from '../ecash/cashu-wallet-api.ts'
import type { DeletedNotes } from '../feed/deleted-notes.ts'
import type { EngagementQueries } from '../feed/engagement-queries.ts'
import type { feedQueryOptions } from '../feed/feed-queries.ts'
import type { loadedNoteQueryOptions } from '../feed/note-loader.ts'
import type { ProfileNotesQueries } from '../feed/profile-notes.ts'
import type { Keystore } from '../identity/keystore.ts'
import type { Nip49Client } from '../identity/nip49-client.ts'
import type { WalletHandle } from '../lightning/wallet-handle.ts'
import type { Zaps } from '../lightning/zap.effects.ts'
import type { NotificationSettingsStore } from '../notifications/notification-settings-store.ts'
import type { Follow } from '../people/follow.effects.ts'
import type { metadataQueryOptions } from '../people/metadata-queries.ts'
import type { MuteEdit } from '../people/mute-edit.effects.ts'
import type { MuteSetActorRef } from '../people/mute-set.ts'
import type { ProfileEdit } from '../people/profile-edit.ts'
import type { ProfileQueries } from '../people/profile-queries.ts'
import type { Reporting } from '../people/report.effects.ts'
import type { LazyActor } from '../platform/lazy-actor.ts'
import type { Signer } from '../platform/signer.ts'
import type { NoteDelete } from '../publish/note-delete.effects.ts'
import type { Publishing } from '../publish/publish.effects.ts'
import type { PublishQueue } from '../publish/publish-queue.effects.ts'
import type { ReadRoutes } from '../relays/read-routes.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import type { relayInfoQueryOptions } from '../relays/relay-info-queries.ts'
import type { Verifier } from '../relays/verifier.ts'
import type { SearchQueries } from '../search/search-queries.ts'
import type { RoutePrefetch } from './route-prefetch.ts'

export interface PlumeSystem {
  app: Actor<typeof appMachine>
  login: LoginActorRef
  /** The signer of whoever is logged in now (refuses with the spec's message when none can sign). */
  signer(): Signer
  keystore: Keystore
  /** A nostrconnect:// link on the app's read relays for a NIP-46 signer app to answer. */
  offerNostrConnect(): Promise<string>
  /** Prepares the curve while the page is idle, for a screen that will take a key. */
  warmCurve(): void
  /**
   * NIP-49 (ncryptsec) in a worker, started on first use (its client's code loads then): scrypt
   * must not freeze the page.
   */
  nip49(): Promise<Nip49Client>
  hub: RelayHub
  verifier: Verifier
  queryClient: QueryClient
  /** The persisted query cache: restored on start (queries wait until it is), saved on change. */
  cache: CacheRestoreActorRef
  feedQuery: ReturnType<typeof feedQueryOptions>
  metadataQuery(pubkey: string): ReturnType<typeof metadataQueryOptions>
  /**
   * A note by id, ['note', id], asked for with the other rows' (a quote, a notification's note),
   * and of its relay hints outside the pool at once.
   */
  noteQuery(id: string, relays?: readonly string[]): ReturnType<typeof loadedNoteQueryOptions>
  /** What routed reads need: the pool now, people's relay lists, the user's own list (NIP-65). */
  routes: ReadRoutes
  /** A relay's NIP-11 document, ['relay-info', url]. */
  relayInfoQuery(url: string): ReturnType<typeof relayInfoQueryOptions>
  /** A linked screen's data fetched ahead of a click (the router's preload). */
  routePrefetch: RoutePrefetch
  /** The profile page's queries. */
  profiles: ProfileQueries
  /** A person's notes, asked of their outbox relays (NIP-65): loaded on first use. */
  profileNotes(): Promise<ProfileNotesQueries>
  /**
   * Who liked and reposted the notes shown, whether their authors deleted them, and what the
   * people the user follows reported of them, asked together once the first screen is drawn.
   */
  engagement: EngagementQueries
  /** The notes their authors deleted (NIP-09), which every view leaves out. */
  deletedNotes: DeletedNotes
  /** Deleting the user's own notes (the note menu's Delete): loaded on first use. */
  noteDelete(): Promise<NoteDelete>
  /** Reporting notes and people (NIP-56, a note's Report, a profile's): loaded on first use. */
  reporting(): Promise<Reporting>
  /** The user's mute set, which every view of other people's events hides: started on first use. */
  muteSet(): MuteSetActorRef
  /**
   * The user's web of trust (their follows and the follows' follows), which threads and
   * notifications fold the rest behind: loaded and started on first use.
   */
  webOfTrust(): Promise<WebOfTrustActorRef>
  /** The user's relay list (NIP-65): Relay Management sends the user's edits here. */
  relayList: LazyActor<RelayListActorRef>
  /** The dynamic relay manager judging the pool: started once the first screen is drawn. */
  relayManager: LazyActor<RelayManagerActorRef>
  /**
   * The short-lived connections to relays outside the pool: started when a request first names
   * one, or once the first screen is drawn.
   */
  auxRelays: LazyActor<AuxRelaysActorRef>
  /** Notification mutes and last-seen times (local storage), read by the page: loaded on first use. */
  notificationSettings(): Promise<NotificationSettingsStore>
  /** Follow and unfollow (the profile page's): loaded on first use. */
  follow(): Promise<Follow>
  /** Mute and unmute (a profile, a note's More menu, Settings): loaded on first use. */
  mute(): Promise<MuteEdit>
  /** Editing one's own profile: loaded on first use. */
  profileEdit(): Promise<ProfileEdit>
  /** Publishing (composers, modals, likes): loaded on first use. */
  publishing(): Promise<Publishing>
  /** Posts written offline, sent once back online: loaded on first use (a publish, idle start). */
  publishQueue(): Promise<PublishQueue>
  /** Zap totals and the zap modal's zaps: loaded on first use. */
  zaps(): Promise<Zaps>
  /** The search page's lookups: loaded on first use. */
  search(): Promise<SearchQueries>
  /** The Lightning wallet (NWC or WebLN): loaded on first use, or at start when one is saved. */
  lightning: WalletHandle
  /** The ecash (Cashu) wallet: its code (cashu-ts among it) loads on first use of /wallet. */
  ecash(): Promise<CashuWallet>
  /** The service worker and its update prompt (null without one): started once the page asks. */
  appUpdate(): Promise<AppUpdateActorRef | null>
  /** Whether the browser may evict the app's storage; persist() asked once a key or ecash is held. */
  storage: StoragePersistence
  /** The memory manager: started 30 s in, or sooner when a screen asks for its figures. */
  memory(): Promise<MemoryManager>
  /** The first screen drawn: what shows nothing on it waits. */
  firstScreen: FirstScreen
}
