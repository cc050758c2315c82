/**
 * The user's web of trust, fed for the system's life by who is logged in, the setting (the
 * preferences, a child of the app) and the pool's sockets.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { LoginActorRef } from '../../machines/login.machine.ts'
import type { PreferencesActorRef } from '../../machines/preferences.machine.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import type { WebOfTrustActorRef } from '../../machines/web-of-trust.machine.ts'
import type { ProfileQueries } from '../people/profile-queries.ts'
import { startWebOfTrust, type WebOfTrustWatch } from '../people/web-of-trust.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

/** The app as this needs it: its pool and preferences, each changing in its own snapshots. */
export interface TrustAppHolder {
  getSnapshot(): {
    children: { relays?: RelayPoolActorRef; preferences?: PreferencesActorRef }
  }
  subscribe(listener: () => void): { unsubscribe(): void }
}

export interface UserWebOfTrustDeps {
  app: TrustAppHolder
  login: LoginActorRef
  hub: Pick<RelayHub, 'query'>
  queryClient: QueryClient
  contacts: ProfileQueries['contacts']
}

/** Calls back now and at every change of the login, the setting or the pool's sockets. */
function watchTrust(
  { app, login }: Pick<UserWebOfTrustDeps, 'app' | 'login'>,
  listener: (state: WebOfTrustWatch) => void,
): () => void {
  const children = () => app.getSnapshot().children
  const report = () => {
    const snapshot = login.getSnapshot()
    listener({
      user: snapshot.matches('signedIn') ? snapshot.context.pubkey : null,
      on: children().preferences?.getSnapshot().context.preferences.filterByTrust ?? false,
      relays: (children().relays?.getSnapshot().context.sockets.length ?? 0) > 0,
    })
  }
  // The pool and the preferences start with the app; each changes in its own snapshots.
  let poolWatch: { unsubscribe(): void } | undefined
  let preferencesWatch: { unsubscribe(): void } | undefined
  const watchChildren = () => {
    poolWatch ??= children().relays?.subscribe(report)
    preferencesWatch ??= children().preferences?.subscribe(report)
  }
  const appWatch = app.subscribe(() => {
    watchChildren()
    report()
  })
  watchChildren()
  const loginWatch = login.subscribe(report)
  report()
  return () => {
    for (const watch of [appWatch, poolWatch, preferencesWatch, loginWatch]) watch?.unsubscribe()
  }
}

/** The user's web-of-trust actor, fed for the system's life. */
export const startUserWebOfTrust = (deps: UserWebOfTrustDeps): WebOfTrustActorRef =>
  startWebOfTrust({
    hub: deps.hub,
    queryClient: deps.queryClient,
    contacts: deps.contacts,
    watch: (listener) => watchTrust(deps, listener),
  })
