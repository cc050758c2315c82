/**
 * The composition root: every machine gets its implementations here (or in ./system/, one file
 * per wiring concern), every actor and feature service is created here with only what it uses,
 * and the UI gets the typed handles of ./system/plume-system.ts through React context; nothing
 * else is global.
 *
 * What is not needed for the first note (zaps, the wallets, publishing, the publish queue, the
 * profile page's actions, search, the service worker, the memory manager, NIP-49) is created on
 * first use, its code loaded then with `import()`: the first note's scripts stay as they were.
 */
import type { ActorOptions, AnyActorLogic } from 'xstate'
import { type RuntimeConfig, readRelays } from '../core/platform/runtime-config.ts'
import { canRead } from '../core/relays/relay-permission.ts'
import { createFirstScreen } from './app/first-screen.ts'
import { createQueryClient } from './app/query-client.ts'
import { createStoragePersistence } from './app/storage-persistence.ts'
import { asciiCache } from './feed/ascii-cache.ts'
import { startDeletedNotes } from './feed/deleted-notes.ts'
import { createEngagementQueries } from './feed/engagement-queries.ts'
import { feedQueryOptions, followLiveFeed } from './feed/feed-queries.ts'
import { hintedNoteLoader, loadedNoteQueryOptions } from './feed/note-loader.ts'
import { createRowLoader } from './feed/row-loader.ts'
import { createSignerSource } from './identity/current-signer.ts'
import type { Keystore } from './identity/keystore.ts'
import { lazyKeystore } from './identity/lazy-keystore.ts'
import { lazyRemoteSessionStore } from './identity/lazy-remote-session-store.ts'
import { loginEffects, type RemoteSignerSlot } from './identity/login.effects.ts'
import { keepSession, restoreSession } from './identity/login-session.ts'
import { warmCurveWhenIdle } from './identity/warm-curve.ts'
import { lazyWallet, startWalletWhenSaved } from './lightning/lazy-wallet.ts'
import { metadataQueryOptions } from './people/metadata-queries.ts'
import { privateMutes } from './people/private-mutes.ts'
import { keepContactVersions } from './people/profile-keys.ts'
import { profileQueries } from './people/profile-queries.ts'
import { lazyActor } from './platform/lazy-actor.ts'
import { loadOnce } from './platform/load-once.ts'
import { headStart } from './relays/head-start.ts'
import { lazyOutboxRelays } from './relays/lazy-outbox-relays.ts'
import type { ReadRoutes } from './relays/read-routes.ts'
import { relayInfoQueryOptions } from './relays/relay-info-queries.ts'
import { createVerifier, startVerifyWorkers } from './relays/verifier.ts'
import { createApp, startQueryCache } from './system/app.ts'
import { poolRelaysOf, startUserMuteSet } from './system/people.ts'
import type { PlumeSystem } from './system/plume-system.ts'
import type { RelayListLink } from './system/relay-list.ts'
import {
  appSockets,
  type LinkedRelays,
  linkRelays,
  startAuxRelays,
  startRelayHub,
} from './system/relays.ts'
import { createRoutePrefetch } from './system/route-prefetch.ts'

/**
 * The memory manager starts when its first pressure check would run (spec §9: every 30 s):
 * before then there is nothing to clean, and its code stays off the first note's path.
 */
const MEMORY_MANAGER_START_MS = 30_000

/** NIP-11 documents are read only by Relay Management and the composer: loaded with the first. */
const loadRelayInfo = (url: string) =>
  import('./relays/relay-info.ts').then(({ fetchRelayInfo }) => fetchRelayInfo(url))

/** Made on the first call, the same value after. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => {
    made ??= { value: make() }
    return made.value
  }
}

/** The pool once it runs: the configuration it started from, and its links to the hub. */
interface RunningPool {
  config: RuntimeConfig
  links: LinkedRelays
}

export function startSystem(
  options: { inspect?: ActorOptions<AnyActorLogic>['inspect'] } = {},
): PlumeSystem {
  const { inspect } = options
  const firstScreen = createFirstScreen({ onFeed: () => window.location.pathname === '/' })
  const verifier = createVerifier(startVerifyWorkers(headStart()?.takeVerifyWorker()), {
    hashWhen: (allow) => firstScreen.after(allow),
  })
  const sockets = appSockets()
  const storage = createStoragePersistence()
  const lazyKeys = lazyKeystore()
  // A key saved is something to lose: from then on the storage should not be evictable.
  const keystore: Keystore = {
    ...lazyKeys,
    async saveKey(record) {
      await lazyKeys.saveKey(record)
      void storage.holdsSecrets()
    },
  }
  const remote: RemoteSignerSlot = { current: null }
  const remoteSessions = lazyRemoteSessionStore()
  // The hub exists before the app so the login's remote signer can use it; it reaches the
  // pool (created with the app below) only once events flow.
  const pool = () => app.getSnapshot().children.relays
  let poolJoined = false
  let linkedRelays: LinkedRelays | undefined
  const hub = startRelayHub({
    verifier,
    signer: () => signer(),
    pool,
    aux: () => auxRelays.actor(),
    reach: (url, reason) => {
      // Before the pool has joined, a relay named may be one of its own: asked for once it has
      // (hub.reachNamed below), or the auxiliary relays would open it too, in the pool's place.
      if (!poolJoined) return true
      const running = auxRelays.actor()
      auxRelays.send({ type: 'aux.want', url, reason })
      return running === undefined // opened once their code has loaded
    },
    // A socket whose connection died without a close is found by a ping now, not in up to 30 s.
    unanswered: (url) => linkedRelays?.check(url),
  })
  const effects = loginEffects(keystore, hub, remote, remoteSessions)
  const app = createApp({ socket: sockets.machine, login: effects.actors, inspect })
  const queryClient = createQueryClient()
  keepContactVersions(queryClient)
  const cache = startQueryCache(queryClient, inspect)
  const rowLoader = createRowLoader(hub)
  // The user's relay list edits the pool: it starts once the pool runs, its code loaded then.
  let poolStarted: (link: RelayListLink | null) => void = () => {}
  const linked = new Promise<RelayListLink | null>((resolve) => {
    poolStarted = resolve
  })
  const relayList = lazyActor('relay list', () =>
    Promise.all([linked, import('./system/relay-list.ts')]).then(([link, { startRelayList }]) =>
      startRelayList({ hub, signer: () => signer(), pool }, link, inspect),
    ),
  )

  // The dynamic relay manager judges minutes of health, not the first second's: it starts once
  // the pool runs and the first screen is drawn, its code loaded then. So do the auxiliary relays,
  // or sooner when a request first names a relay outside the pool.
  let poolRunning: (pool: RunningPool) => void = () => {}
  const running = new Promise<RunningPool>((resolve) => {
    poolRunning = resolve
  })
  const relayManager = lazyActor('relay manager', () =>
    Promise.all([linked, import('./relays/relay-manager.effects.ts')]).then(
      ([link, { startRelayManager }]) => {
        const relays = pool()
        if (!link || !relays) throw new Error('the relay pool did not start')
        return startRelayManager(relays, link.config, inspect)
      },
    ),
  )
  const auxRelays = lazyActor('auxiliary relays', async () => {
    const { config, links } = await running
    const aux = await startAuxRelays(sockets.machine, config, inspect)
    links.addAux(aux)
    return aux
  })

  // When the pool starts, link its sockets to the hub and start following new notes.
  const watch = app.subscribe((snapshot) => {
    const relays = snapshot.children.relays
    if (!relays) return
    watch.unsubscribe()
    const links = linkRelays(relays, sockets.links, hub)
    linkedRelays = links
    const { config } = snapshot.context
    const login = snapshot.children.login
    poolStarted(config && login ? { login, config } : null)
    if (config) poolRunning({ config, links })
    poolJoined = true
    hub.reachNamed()
    followLiveFeed(hub, queryClient)
  })
  app.start()
  const login = app.getSnapshot().children.login!
  const signer = createSignerSource(login, remote)
  // A logged-in user's list may change the pool at once; otherwise it waits for the first screen.
  const whenSignedIn = login.subscribe((snapshot) => {
    if (!snapshot.matches('signedIn')) return
    whenSignedIn.unsubscribe()
    relayList.start()
  })
  firstScreen.after(relayList.start)
  firstScreen.after(relayManager.start)
  firstScreen.after(auxRelays.start)
  keepSession(login, remoteSessions)
  restoreSession(login, keystore, remoteSessions)
  const lightning = lazyWallet({
    login,
    load: () =>
      import('./system/lightning.ts').then(({ startLightningWallet }) =>
        startLightningWallet({ login, signer }, inspect),
      ),
  })
  startWalletWhenSaved(lightning)

  const poolRelays = poolRelaysOf(pool)
  const metadataQuery = (pubkey: string) => metadataQueryOptions(rowLoader.metadata, pubkey)
  const outbox = lazyOutboxRelays(hub, {
    blocked: () => app.getSnapshot().context.config?.blacklistedRelays ?? [],
  })
  const routes: ReadRoutes = {
    pool: poolRelays,
    outbox,
    ownReadRelays: (pubkey) => {
      const context = relayList.actor()?.getSnapshot().context
      if (context?.pubkey !== pubkey) return []
      return context.relays.filter((entry) => canRead(entry.permission)).map((entry) => entry.url)
    },
  }
  const viewer = () => login.getSnapshot().context.pubkey
  // The mute list's private part, decrypted in memory only, shared by the set and the editor.
  const secrets = privateMutes(() => signer())
  // One holder of the user's follow list versions, kept on this device for both users of it. Its
  // code (with the follow guard's rules) loads with the first read of the user's own kind 3: the
  // versions are kept, never shown on the first screen (0.85 KiB gzip off the first note).
  const versions = loadOnce(() =>
    import('./people/contact-versions.ts').then(({ contactVersionsStore, keptContactVersions }) =>
      contactVersionsStore({ queryClient, hub, kept: keptContactVersions() }),
    ),
  )
  const profiles = profileQueries({
    hub,
    queryClient,
    pool: poolRelays,
    outbox,
    user: viewer,
    versions,
  })
  const deletedNotes = startDeletedNotes(queryClient)
  const publishQueue = once(() =>
    import('./system/publish-queue.ts').then(({ startPublishQueue }) =>
      startPublishQueue({ hub, app, queryClient, lists: outbox }),
    ),
  )
  const peopleActions = once(() =>
    Promise.all([import('./system/people-actions.ts'), versions()]).then(
      ([{ startPeopleActions }, kept]) =>
        startPeopleActions({ hub, signer, pool, login, queryClient, secrets, versions: kept }),
    ),
  )
  const memory = once(() =>
    import('./app/memory-manager.ts').then(({ startMemoryManager }) =>
      startMemoryManager({
        queryClient,
        extraBytes: () => asciiCache().estimatedBytes(),
        clearExtra: () => asciiCache().clear(),
      }),
    ),
  )
  setTimeout(() => void memory(), MEMORY_MANAGER_START_MS)

  return {
    app,
    login,
    signer,
    keystore,
    warmCurve: warmCurveWhenIdle,
    offerNostrConnect: () => {
      const config = app.getSnapshot().context.config
      return effects.offerNostrConnect(config ? readRelays(config) : [])
    },
    nip49: loadOnce(() =>
      import('./identity/nip49-client.ts').then(({ startNip49Worker }) => startNip49Worker()),
    ),
    hub,
    verifier,
    queryClient,
    cache,
    feedQuery: feedQueryOptions(hub),
    metadataQuery,
    noteQuery: (id, relays = []) =>
      relays.length > 0
        ? loadedNoteQueryOptions(hintedNoteLoader(rowLoader.note, hub, routes, relays), id, true)
        : loadedNoteQueryOptions(rowLoader.note, id),
    routes,
    relayInfoQuery: (url) => relayInfoQueryOptions(loadRelayInfo, url),
    routePrefetch: createRoutePrefetch({ hub, queryClient, profiles }),
    profiles,
    profileNotes: once(() =>
      import('./feed/profile-notes.ts').then(({ profileNotesQueries }) =>
        profileNotesQueries({ hub, outbox, pool: poolRelays }),
      ),
    ),
    engagement: createEngagementQueries({
      hub,
      queryClient,
      viewer,
      deleted: deletedNotes.add,
      // The contacts query the follow button and Follow Only read: one kind 3 REQ, cached.
      follows: async (user) =>
        (await queryClient.ensureQueryData(profiles.contacts(user)))?.contacts.map(
          (contact) => contact.pubkey,
        ) ?? [],
    }),
    deletedNotes,
    noteDelete: once(() =>
      import('./system/note-delete.ts').then(({ startNoteDelete }) =>
        startNoteDelete({ hub, signer, pool, login, deleted: deletedNotes }),
      ),
    ),
    reporting: once(() =>
      import('./system/report.ts').then(({ startReporting }) =>
        startReporting({ hub, signer, pool, login }),
      ),
    ),
    muteSet: once(() =>
      startUserMuteSet({ app, login, queryClient, muteList: profiles.muteList, secrets }),
    ),
    webOfTrust: once(() =>
      import('./system/web-of-trust.ts').then(({ startUserWebOfTrust }) =>
        startUserWebOfTrust({ app, login, hub, queryClient, contacts: profiles.contacts }),
      ),
    ),
    relayList,
    relayManager,
    auxRelays,
    notificationSettings: once(() =>
      import('./notifications/notification-settings-store.ts').then((store) =>
        store.createNotificationSettingsStore(),
      ),
    ),
    follow: once(() => peopleActions().then((actions) => actions.follow())),
    mute: once(() => peopleActions().then((actions) => actions.muteEdit())),
    profileEdit: once(() => peopleActions().then((actions) => actions.profileEdit)),
    publishing: once(() =>
      import('./system/publishing.ts').then(({ startPublishing }) =>
        startPublishing({
          hub,
          signer,
          pubkey: viewer,
          pool,
          queryClient,
          publishQueue,
          lists: outbox,
        }),
      ),
    ),
    publishQueue,
    zaps: once(() =>
      import('./system/zaps.ts').then(({ startZaps }) =>
        startZaps({
          hub,
          queryClient,
          signer,
          metadataQuery,
          lists: outbox,
          readRelays: () => [
            ...new Set(
              poolRelays()
                .filter((entry) => canRead(entry.permission))
                .map((entry) => entry.url),
            ),
          ],
        }),
      ),
    ),
    search: once(() =>
      import('./search/search-queries.ts').then(({ searchQueries }) =>
        searchQueries({ hub, queryClient, pool: poolRelays, relayInfo: loadRelayInfo }),
      ),
    ),
    lightning,
    ecash: once(() =>
      import('./ecash/cashu-wallet.ts')
        .then(({ startCashuWallet }) => startCashuWallet({ login, signer, hub, pool }))
        .then((wallet) => {
          // Ecash held is something to lose (spec: keys and proofs in storage that is not evicted).
          const check = () => {
            if (wallet.view().total > 0) void storage.holdsSecrets()
          }
          wallet.subscribe(check)
          check()
          return wallet
        }),
    ),
    storage,
    appUpdate: once(() => import('./system/app-update.ts').then((m) => m.startAppUpdate())),
    memory,
    firstScreen,
  }
}
