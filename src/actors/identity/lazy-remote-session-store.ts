/**
 * The kept NIP-46 session's store, loaded at its first use: its crypto and codec are not needed
 * to read the feed.
 */
import type { RemoteSessionStore } from './remote-session-store.ts'

export function lazyRemoteSessionStore(): RemoteSessionStore {
  let loading: Promise<RemoteSessionStore> | undefined
  const store = () => {
    loading ??= import('./remote-session-store.ts').then((module) =>
      module.createRemoteSessionStore(),
    )
    return loading
  }
  return {
    save: async (session) => (await store()).save(session),
    load: async () => (await store()).load(),
    forget: async () => (await store()).forget(),
  }
}
