import { useModal } from '../../hooks/use-modal.ts'

/**
 * Settings, "Cache" (spec §2). So far Clear Preferences, which confirms in its own modal
 * (?resetPreferences=true); the other clear actions join it here.
 */
export function CacheSection() {
  const reset = useModal('resetPreferences')
  return (
    <section className="settings-section" aria-labelledby="cache-heading">
      <h3 id="cache-heading">Cache</h3>
      <div className="form-row">
        <button type="button" className="button" onClick={() => reset.show()}>
          Clear Preferences
        </button>
      </div>
    </section>
  )
}
