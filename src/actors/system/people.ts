/**
 * The people side that the feed needs at once: the pool's relays as the people queries read them,
 * and the user's mute set, fed for the system's life by who is logged in and the pool's relays,
 * its private part decrypted by the user's signer.
 */
import type { QueryClient } from '@tanstack/react-query'
import { createActor } from 'xstate'
import { canSign, type LoginActorRef } from '../../machines/login.machine.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import {
  feedMuteSet,
  type MuteSetActorRef,
  type MuteSetDeps,
  type MuteSetWatch,
  muteSetLogic,
} from '../people/mute-set.ts'
import type { PrivateMutes } from '../people/private-mutes.ts'
import type { ProfileQueries } from '../people/profile-queries.ts'
import type { PoolRelay } from '../relays/outbox-relays.ts'

/** The relay pool as the app actor holds it: created with the config, changing in its own snapshots. */
export interface PoolHolder {
  getSnapshot(): { children: { relays?: RelayPoolActorRef } }
  subscribe(listener: () => void): { unsubscribe(): void }
}

/** The relays of the pool now; empty before the pool has started. */
export const poolRelaysOf =
  (pool: () => RelayPoolActorRef | undefined) => (): readonly PoolRelay[] =>
    pool()?.getSnapshot().context.entries ?? []

export interface UserMuteSetDeps {
  app: PoolHolder
  login: LoginActorRef
  queryClient: QueryClient
  muteList: ProfileQueries['muteList']
  /** Decrypts the list's private part, held in memory only. */
  secrets: PrivateMutes
}

/** Calls back now and at every change of who is logged in or of the pool's sockets. */
function watchUserAndRelays(
  { app, login }: Pick<UserMuteSetDeps, 'app' | 'login'>,
  listener: (state: MuteSetWatch) => void,
): () => void {
  const pool = () => app.getSnapshot().children.relays
  const report = () => {
    const snapshot = login.getSnapshot()
    const signedIn = snapshot.matches('signedIn')
    listener({
      user: signedIn ? snapshot.context.pubkey : null,
      relays: (pool()?.getSnapshot().context.sockets.length ?? 0) > 0,
      signer: signedIn && canSign(snapshot),
    })
  }
  // The pool starts with the app's config; its sockets change in its own snapshots.
  let poolWatch: { unsubscribe(): void } | undefined
  const appWatch = app.subscribe(() => {
    poolWatch ??= pool()?.subscribe(report)
    report()
  })
  poolWatch = pool()?.subscribe(report)
  const loginWatch = login.subscribe(report)
  report()
  return () => {
    for (const subscription of [appWatch, poolWatch, loginWatch]) subscription?.unsubscribe()
  }
}

/** A mute set actor, started and fed by the mute list query while the watch runs. */
export function startMuteSet(deps: MuteSetDeps): MuteSetActorRef {
  const actor = createActor(muteSetLogic).start()
  feedMuteSet(actor, deps)
  return actor
}

/** The user's mute set actor, fed for the system's life. */
export const startUserMuteSet = (deps: UserMuteSetDeps): MuteSetActorRef =>
  startMuteSet({
    queryClient: deps.queryClient,
    muteList: deps.muteList,
    secrets: deps.secrets,
    watch: (listener) => watchUserAndRelays(deps, listener),
  })
