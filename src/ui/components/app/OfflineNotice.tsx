import { useSyncExternalStore } from 'react'

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed)
  window.addEventListener('offline', changed)
  return () => {
    window.removeEventListener('online', changed)
    window.removeEventListener('offline', changed)
  }
}
const offline = () => !navigator.onLine

/** What is published offline waits in the outbox (actors/publish/publish-queue.effects.ts, PublishQueueNotice.tsx). */
export const OFFLINE_TEXT =
  'You are offline. Saved notes are shown; what you publish is queued and sent when you are back online.'

/** A clear offline state: a bar under the header while the browser reports no network. */
export function OfflineNotice() {
  const isOffline = useSyncExternalStore(subscribe, offline)
  return isOffline ? (
    <p className="offline-notice" role="status">
      {OFFLINE_TEXT}
    </p>
  ) : null
}
