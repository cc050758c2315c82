import { useLoaded } from '../../hooks/use-loaded.ts'
import { useSystem } from '../../system-context.tsx'
import { PublishQueueNotice } from '../publish/PublishQueueNotice.tsx'
import { InstallPrompt } from './InstallPrompt.tsx'
import { OfflineNotice } from './OfflineNotice.tsx'
import { UpdatePrompt } from './UpdatePrompt.tsx'

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
