/**
 * Nutzaps for one open wallet (NIP-61): the user's 10019 published and the inbox watching when
 * the wallet opens or its mints change, sending, and what the wallet view shows of them.
 */
import {
  finishDeps,
  type NutzapDeps,
  type NutzapRequest,
  publishNutzapInfo,
  sendNutzap,
} from './cashu-nutzap.ts'
import { createNutzapInbox, type InboxView } from './cashu-nutzap-inbox.ts'
import { finishPending } from './cashu-nutzap-pending.ts'

export interface NutzapView extends InboxView {
  /** Why the nutzap info (10019) could not be published, or null. */
  infoError: string | null
}

export const NO_NUTZAPS: NutzapView = { redeeming: 0, error: null, waiting: 0, infoError: null }

export interface NutzapService {
  view(): NutzapView
  /** The wallet opened or its mints changed: publish the 10019, watch the current mints. */
  refresh(): Promise<void>
  /** Resolves with the mint used and the 9321's id. */
  send(request: NutzapRequest): Promise<{ mint: string; event: string }>
  retry(): Promise<void>
  stop(): void
}

export function startNutzaps(deps: NutzapDeps, onChange: () => void): NutzapService {
  let infoError: string | null = null
  const published = { key: null }
  const inbox = createNutzapInbox(deps, onChange)
  /** Sends running while the wallet is open: their pending records are theirs to finish. */
  const sending = new Set<string>()

  /** Finishes nutzaps a reload interrupted (a failure keeps them for the next open). */
  const finishInterrupted = async () => {
    const { nutzapsPending = [] } = await deps.store.read(deps.pubkey)
    for (const pending of nutzapsPending) {
      if (sending.has(pending.opId)) continue
      sending.add(pending.opId)
      await finishPending(finishDeps(deps), pending)
        .catch(() => {})
        .finally(() => sending.delete(pending.opId))
    }
  }
  return {
    view: () => ({ ...inbox.view(), infoError }),
    async refresh() {
      try {
        await publishNutzapInfo(deps, published)
        infoError = null
      } catch (error) {
        // Nutzaps can still be redeemed; the next change of mints (or open) publishes again.
        infoError = (error as Error).message
      }
      onChange()
      await Promise.all([inbox.start(), finishInterrupted()])
    },
    send: (request) => sendNutzap(deps, request, sending),
    retry: () => inbox.retry(),
    stop: () => inbox.stop(),
  }
}
