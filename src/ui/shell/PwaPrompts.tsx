import { InstallPrompt } from '../components/app/InstallPrompt.tsx'
import { OfflineNotice } from '../components/app/OfflineNotice.tsx'
import { UpdatePrompt } from '../components/app/UpdatePrompt.tsx'
import { PublishQueueNotice } from '../components/publish/PublishQueueNotice.tsx'
import { useLoaded } from '../hooks/use-loaded.ts'
import { useSystem } from '../system-context.tsx'

/**
 * The installable app's layer: offline notice, the publish queue, install prompt, update prompt.
 */
export default function PwaPrompts() {
  // The system's: registered once, however often the layer mounts (StrictMode mounts twice).
  const update = useLoaded(useSystem().appUpdate)
  return (
    <>
      <div className="status-bars">
        <OfflineNotice />
        <PublishQueueNotice />
      </div>
      <InstallPrompt />
      <div className="pwa-prompts">{update && <UpdatePrompt actor={update} />}</div>
    </>
  )
}
