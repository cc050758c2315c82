import { startServiceWorker } from '../../../actors/app/app-update.effects.ts'
import { PublishQueueNotice } from '../publish/PublishQueueNotice.tsx'
import { InstallPrompt } from './InstallPrompt.tsx'
import { OfflineNotice } from './OfflineNotice.tsx'
import { UpdatePrompt } from './UpdatePrompt.tsx'

// Module scope: registered once, however often the layer mounts (StrictMode mounts twice).
const update = startServiceWorker()

/**
 * The installable app's layer: offline notice, the publish queue, install prompt, update prompt.
 */
export default function PwaPrompts() {
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
