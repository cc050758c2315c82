import { Toggle } from '../kit/Toggle.tsx'
import { usePreferences, useSendPreferences } from './use-preferences.ts'

/**
 * Settings, "Modes" (spec §2): Dark Mode, Image Notes Only, Image Mode, ASCII Mode, and Color
 * Mode, which is enabled only when ASCII Mode is on.
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
        <Toggle
          label="ASCII Mode"
          hint="Pictures drawn as ASCII art"
          checked={preferences.useAscii}
          onChange={(value) => send({ type: 'preferences.set', key: 'useAscii', value })}
        />
        <Toggle
          label="Color Mode"
          hint={
            preferences.useAscii ? 'ASCII art in the colours of the picture' : 'Needs ASCII Mode'
          }
          // Spec §2: enabled only when ASCII Mode is on; its own value is kept meanwhile.
          checked={preferences.useColor}
          disabled={!preferences.useAscii}
          onChange={(value) => send({ type: 'preferences.set', key: 'useColor', value })}
        />
      </div>
    </section>
  )
}
