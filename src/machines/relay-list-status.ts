/** What the Relay Management status line says about the relay-list machine's state. */
import type { RelayListSnapshot } from './relay-list.machine.ts'

/** The Relay Management status line; null when there is nothing to say. */
export type RelayListStatus =
  | { kind: 'loading' }
  | { kind: 'saving' }
  | { kind: 'published' }
  | { kind: 'held' }
  | { kind: 'failed'; message: string }

export function relayListStatus(snapshot: RelayListSnapshot): RelayListStatus | null {
  if (!snapshot.matches('signedIn')) return null
  if (!snapshot.matches({ signedIn: { list: 'ready' } })) return { kind: 'loading' }
  if (
    snapshot.matches({ signedIn: { broadcast: 'debouncing' } }) ||
    snapshot.matches({ signedIn: { broadcast: 'publishing' } })
  ) {
    return { kind: 'saving' }
  }
  if (snapshot.matches({ signedIn: { broadcast: 'published' } })) return { kind: 'published' }
  if (snapshot.matches({ signedIn: { broadcast: 'held' } })) return { kind: 'held' }
  if (snapshot.matches({ signedIn: { broadcast: 'failed' } })) {
    return { kind: 'failed', message: snapshot.context.error ?? '' }
  }
  return null
}
