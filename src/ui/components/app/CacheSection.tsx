import { formatBytes } from '../../../core/app/cache-breakdown.ts'
import { STORAGE_LINES } from '../../../core/app/storage-persistence.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { clearedNotice, useNotice } from '../kit/notice.ts'
import { useMemory } from './use-memory.ts'
import { useStoragePersistence } from './use-storage-persistence.ts'

/**
 * Settings, "Cache" (spec §2): the clear actions, each confirmed in its own modal, what the last
 * one cleared, what the memory manager sees (spec §3, memory info), read again after a clear, and
 * whether the browser may clear the storage (persisted()).
 */
export function CacheSection() {
  const reset = useModal('resetPreferences')
  const clearCache = useModal('clearCache')
  const clearContacts = useModal('clearContactsCache')
  const savedKeys = useModal('clearSavedKeys')
  const storedWallet = useModal('clearStoredWallet')
  const everything = useModal('clearAllCaches')
  const info = useMemory((manager) => manager.info())
  const cleared = useNotice(clearedNotice)
  const persistence = useStoragePersistence()
  return (
    <section className="settings-section" aria-labelledby="cache-heading">
      <h3 id="cache-heading">Cache</h3>
      {info && (
        <p className="form-hint" data-testid="memory-info">
          {info.queryCount} cached items, about {formatBytes(info.cacheSize)}
          {info.used !== null && `; ${formatBytes(info.used)} in use`}; memory pressure{' '}
          {info.pressureLevel}
          {info.lastCleanup &&
            `; last cleanup ${info.lastCleanup.level}, ${info.lastCleanup.removed} removed`}
        </p>
      )}
      <p className="form-hint" data-testid="storage-persistence">
        {STORAGE_LINES[persistence]}
      </p>
      <p className="form-hint cleared-notice" role="status">
        {cleared && (
          <span key={cleared.id} className="cleared-notice-text">
            {cleared.text}
          </span>
        )}
      </p>
      <div className="form-row">
        <button type="button" className="button" onClick={() => clearCache.show()}>
          Clear Cache
        </button>
        <button type="button" className="button" onClick={() => clearContacts.show()}>
          Clear Contacts Cache
        </button>
      </div>
      <div className="form-row">
        <button type="button" className="button" onClick={() => reset.show()}>
          Clear Preferences
        </button>
        <button type="button" className="button" onClick={() => savedKeys.show()}>
          Clear Saved Keys
        </button>
        <button type="button" className="button" onClick={() => storedWallet.show()}>
          Clear Stored Wallet
        </button>
        <button type="button" className="button button-danger" onClick={() => everything.show()}>
          Clear Everything
        </button>
      </div>
    </section>
  )
}
