import { useQueries } from '@tanstack/react-query'
import { type FormEvent, useId, useState, useSyncExternalStore } from 'react'
import {
  powSettings,
  savePowTargetBits,
  setPowEnabled,
  subscribePowSettings,
} from '../../../actors/publish/pow-settings.ts'
import { chooseTargetBits, strictestPowRelay } from '../../../core/publish/nip13.ts'
import { powExplanation } from '../../../core/publish/pow-display.ts'
import { powRequirement } from '../../../core/relays/nip11.ts'
import { canWrite } from '../../../core/relays/relay-permission.ts'
import { useSystem } from '../../system-context.tsx'
import { FormError } from '../kit/Form.tsx'
import { InputRow } from '../kit/InputRow.tsx'
import { Toggle } from '../kit/Toggle.tsx'
import { useRelayEntries } from '../relays/use-relays.ts'
import './pow.css'

/**
 * The highest proof of work asked for by the relays written to (NIP-11), and by whom. Read while
 * proof of work is off too: the disabled field shows what turning it on would use.
 */
function useRelayRequirement(): { bits: number; url: string } | null {
  const system = useSystem()
  const urls = useRelayEntries()
    .filter((entry) => canWrite(entry.permission))
    .map((entry) => entry.url)
  const documents = useQueries({
    queries: urls.map((url) => system.relayInfoQuery(url)),
  })
  return strictestPowRelay(
    documents.map((query, i) => ({
      url: urls[i]!,
      bits: query.data ? powRequirement(query.data) : null,
    })),
  )
}

/**
 * Settings, "Proof of Work" (spec §2, §4, §5): the toggle (`powEnabled`) and the difficulty
 * (`powTargetBits`, 1 to 24), disabled while off. The field shows the value that will be used:
 * 16 unless the user saved another, or a write relay asks for more (capped at 24).
 */
export function PowSection() {
  const settings = useSyncExternalStore(subscribePowSettings, powSettings)
  const relay = useRelayRequirement()
  const used = chooseTargetBits(settings.savedBits, relay ? [relay.bits] : [])
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const hintId = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = savePowTargetBits(draft ?? String(used))
    setError(problem)
    // A rejected value stays in the field to be corrected.
    if (problem === null) setDraft(null)
  }

  return (
    <section className="settings-section" aria-labelledby="pow-heading">
      <h3 id="pow-heading">Proof of Work</h3>
      <div className="toggle-list">
        <Toggle
          label="Mine Proof of Work"
          hint="Notes carry NIP-13 work before they are published: some relays ask for it"
          checked={settings.enabled}
          onChange={(value) => {
            setPowEnabled(value)
            setError(null)
            setDraft(null)
          }}
        />
      </div>
      <form className="field" onSubmit={submit}>
        <label htmlFor={inputId}>Difficulty (leading zero bits, 1 to 24)</label>
        <InputRow className="pow-difficulty" action="Apply" disabled={!settings.enabled}>
          <input
            id={inputId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            value={draft ?? String(used)}
            disabled={!settings.enabled}
            aria-invalid={error !== null}
            aria-describedby={hintId}
            onChange={(event) => {
              setDraft(event.target.value)
              setError(null)
            }}
          />
        </InputRow>
        <p id={hintId} className="form-hint">
          {powExplanation(settings.enabled, used, settings.savedBits, relay)}
        </p>
        <FormError message={error} />
      </form>
    </section>
  )
}
