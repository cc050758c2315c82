import { startServiceWorker } from '../../actors/app/app-update.effects.ts'
import { InstallPrompt } from '../components/app/InstallPrompt.tsx'
import { OfflineNotice } from '../components/app/OfflineNotice.tsx'
import { UpdatePrompt } from '../components/app/UpdatePrompt.tsx'
import { OutboxNotice } from '../components/publish/PublishQueueNotice.tsx'

// Module scope: registered once, however often the layer mounts (StrictMode mounts twice).
const update = startServiceWorker()

/**
 * The installable app's layer: offline notice, the outbox's queue, install prompt, update prompt.
 */
export default function PwaPrompts() {
  return (
    <>
      <div className="status-bars">
        <OfflineNotice />
        <OutboxNotice />
      </div>
      <InstallPrompt />
      <div className="pwa-prompts">{update && <UpdatePrompt actor={update} />}</div>
    </>
  )
}
