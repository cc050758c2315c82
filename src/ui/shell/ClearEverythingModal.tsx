import { useEffect, useState } from 'react'
import { CACHE_GROUPS, formatBytes } from '../../core/app/cache-breakdown.ts'
import { useMemory } from '../components/app/use-memory.ts'
import { SavedKeysList } from '../components/identity/SavedKeysList.tsx'
import { ConfirmModal } from '../components/kit/ConfirmModal.tsx'
import { useModal } from '../hooks/use-modal.ts'
import { useSystem } from '../system-context.tsx'

/**
 * Clear Everything (?clearAllCaches=true; spec §2, §4): what the caches hold, by group, and the
 * saved keys that go with them; then all app data is deleted and the app starts again, logged
 * out, as on a new install.
 */
export function ClearEverythingModal() {
  const modal = useModal('clearAllCaches')
  const system = useSystem()
  const breakdown = useMemory((manager) => manager.breakdown())
  const cacheSize = useMemory((manager) => manager.info().cacheSize)
  const [refusal, setRefusal] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    void import('../../actors/system/clear-data.ts')
      .then(({ clearEverythingRefusal }) => clearEverythingRefusal())
      .then((why) => {
        if (current) setRefusal(why)
      })
    return () => {
      current = false
    }
  }, [])
  return (
    <ConfirmModal
      title="Clear Everything"
      confirmLabel="Clear Everything"
      refusal={refusal}
      onClose={modal.close}
      onConfirm={async () => {
        const { clearEverything, clearEverythingRefusal } = await import(
          '../../actors/system/clear-data.ts'
        )
        // Asked again at the click: ecash may have arrived since the modal opened.
        const why = await clearEverythingRefusal()
        if (why) throw new Error(why)
        await clearEverything({
          queryClient: system.queryClient,
          stopPersisting: () => system.cache.stop(),
        })
        window.location.replace('/')
      }}
    >
      {breakdown && cacheSize !== null ? (
        <>
          <p data-testid="cache-total">
            {breakdown.totalQueries} items, about {formatBytes(cacheSize)}
          </p>
          <table className="cache-breakdown">
            <thead>
              <tr>
                <th scope="col">Group</th>
                <th scope="col">Items</th>
                <th scope="col">Size</th>
              </tr>
            </thead>
            <tbody>
              {CACHE_GROUPS.map((group) => (
                <tr key={group}>
                  <th scope="row">{group}</th>
                  <td>{breakdown.groups[group].count}</td>
                  <td>{formatBytes(breakdown.groups[group].bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="form-hint">Counting…</p>
      )}
      <p>
        Also deleted: preferences, relay lists, unsent drafts, and these saved keys. You will be
        logged out.
      </p>
      <SavedKeysList />
    </ConfirmModal>
  )
}

export default ClearEverythingModal
