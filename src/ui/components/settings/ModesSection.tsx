import { usePreferences, useSendPreferences } from '../../hooks/use-preferences.ts'
import { Toggle } from './Toggle.tsx'

/**
 * Settings, "Modes" (spec §2). ASCII Mode and Color Mode are not offered: this client has no
 * ASCII rendering, and a switch that changes nothing would mislead. Their stored values are kept.
 */
export function ModesSection() {
  const preferences = usePreferences()
  const send = useSendPreferences()
  return (
    <section className="settings-section" aria-labelledby="modes-heading">
      <h3 id="modes-heading">Modes</h3>
      <div className="toggle-list">
        <Toggle
          label="Dark Mode"
          checked={preferences.isDarkMode}
          onChange={(value) => send({ type: 'preferences.set', key: 'isDarkMode', value })}
        />
        <Toggle
          label="Image Notes Only"
          hint="Only notes with pictures"
          checked={preferences.filterByImageNotesOnly}
          onChange={(value) =>
            send({ type: 'preferences.set', key: 'filterByImageNotesOnly', value })
          }
        />
        <Toggle
          label="Image Mode"
          hint="Pictures first and large, the text under them"
          checked={preferences.imageMode}
          onChange={(value) => send({ type: 'preferences.set', key: 'imageMode', value })}
        />
      </div>
    </section>
  )
}
