import type { CacheGroup } from '../../core/app/cache-breakdown.ts'
import { ConfirmModal } from '../components/kit/ConfirmModal.tsx'
import { useModal } from '../hooks/use-modal.ts'
import { useSystem } from '../system-context.tsx'

const KINDS = {
  /** ?clearCache=true: profiles and threads, with the spec's default title and button. */
  clearCache: {
    title: undefined,
    groups: ['metadata', 'thread'],
    what: 'profiles and threads',
    done: 'Cache cleared',
  },
  /** ?clearContactsCache=true: follow lists and followers. */
  clearContactsCache: {
    title: 'Clear Contacts Cache',
    groups: ['contacts'],
    what: 'follow lists and followers',
    done: 'Contacts cache cleared',
  },
} as const satisfies Record<
  string,
  { title?: string; groups: CacheGroup[]; what: string; done: string }
>

/** Confirm, then forget the cached queries of these groups; what is on screen loads again. */
export function ClearCacheModal({ kind }: { kind: keyof typeof KINDS }) {
  const modal = useModal(kind)
  const { queryClient } = useSystem()
  const { title, groups, what, done } = KINDS[kind]
  return (
    <ConfirmModal
      title={title}
      confirmLabel={title}
      done={`${done}: ${what}`}
      onClose={modal.close}
      onConfirm={async () => {
        const { clearQueryGroups } = await import('../../actors/system/clear-data.ts')
        await clearQueryGroups(queryClient, groups)
      }}
    >
      <p>Cached {what} are forgotten and fetched again from relays when next shown.</p>
    </ConfirmModal>
  )
}

export default ClearCacheModal
