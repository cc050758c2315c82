import { type FormEvent, useState } from 'react'
import { type MutePlace, typedMute } from '../../../core/people/mute-edit.ts'
import {
  MUTES_SECTION,
  type MuteEntry,
  muteEntries,
  muteEntryLabel,
} from '../../../core/people/mute-entries.ts'
import { MUTE_PRIVATE_MESSAGES } from '../../../core/people/mute-private.ts'
import { useGated } from '../../hooks/use-gated.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { ActionError } from './ActionError.tsx'
import { useMuteEdit } from './use-mute-edit.ts'
import { useHeldMutes } from './use-mute-set.ts'
import { usePersonNames } from './use-person-names.ts'
import './mutes-section.css'

/**
 * Settings, "Mutes": every mute of the user's list (NIP-51 kind 10000), people by name, threads,
 * hashtags and words, each with Public/Private and Unmute, and a field to mute a word or #hashtag.
 * Every change goes through the mute-edit machine; the list shows the mute set as it stands.
 */
export function MutesSection() {
  const { signedIn, pubkey } = useLogin()
  return (
    <section className="settings-section" aria-labelledby="mutes-heading">
      <h3 id="mutes-heading">Mutes</h3>
      {signedIn && pubkey ? <MutesList /> : <p className="key-status">{MUTES_SECTION.loggedOut}</p>}
    </section>
  )
}

function MutesList() {
  const held = useHeldMutes()
  const edit = useMuteEdit()
  const gate = useGated('change your mutes')
  const [typed, setTyped] = useState('')
  const [place, setPlace] = useState<MutePlace>('private')
  const [shown, setShown] = useState(false)
  const entries = muteEntries(held.list, held.hidden)
  const nameOf = usePersonNames(
    entries.flatMap((e) => (e.target.kind === 'p' ? [e.target.value] : [])),
  )
  const busy = edit.changing !== null

  const run = (change: Parameters<typeof edit.request>[0]) => {
    setShown(true)
    edit.dismiss()
    gate.run(() => edit.request(change))
  }
  const add = (event: FormEvent) => {
    event.preventDefault()
    run({ action: 'mute', target: typedMute(typed), place })
    setTyped('')
  }
  const error = shown ? (gate.problem ?? edit.error) : null

  return (
    <>
      <p className="key-status">
        Public mutes are in your list for anyone to read. Private ones are encrypted so only you can
        read them.
      </p>
      {(held.privacy === 'undecryptable' || held.privacy === 'locked') && (
        <p className="key-status mutes-warning" role="status">
          {MUTE_PRIVATE_MESSAGES[held.privacy]}
        </p>
      )}
      {/* Decrypting is part of reading: what shows before it ends may be missing its private part. */}
      {!held.known || held.privacy === 'decrypting' ? (
        <p className="key-status">{MUTES_SECTION.reading}</p>
      ) : entries.length === 0 ? (
        <p className="key-status">{MUTES_SECTION.none}</p>
      ) : (
        <ul className="mutes-list" aria-label="Your mutes">
          {entries.map((entry) => (
            <MuteRow
              key={`${entry.target.kind}:${entry.target.value}`}
              entry={entry}
              label={muteEntryLabel(
                entry.target,
                entry.target.kind === 'p' ? nameOf(entry.target.value) : '',
              )}
              busy={busy}
              onPlace={(next) => run({ action: 'mute', target: entry.target, place: next })}
              onUnmute={() => run({ action: 'unmute', target: entry.target, place: entry.place })}
            />
          ))}
        </ul>
      )}
      <form className="mutes-add" onSubmit={add}>
        <label className="mutes-add-field">
          <span>Mute a word or #hashtag</span>
          <input
            type="text"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
          />
        </label>
        <select
          aria-label="Public or private"
          value={place}
          onChange={(event) => setPlace(event.target.value as MutePlace)}
        >
          <option value="private">Private</option>
          <option value="public">Public</option>
        </select>
        <button type="submit" className="button" disabled={busy}>
          Mute
        </button>
      </form>
      {error && (
        <ActionError
          message={error}
          detail={gate.problem ? null : edit.detail}
          onDismiss={() => {
            setShown(false)
            edit.dismiss()
          }}
        />
      )}
    </>
  )
}

function MuteRow({
  entry,
  label,
  busy,
  onPlace,
  onUnmute,
}: {
  entry: MuteEntry
  label: string
  busy: boolean
  onPlace(place: MutePlace): void
  onUnmute(): void
}) {
  return (
    <li className="mutes-row" data-mute={`${entry.target.kind}:${entry.target.value}`}>
      <span className="mutes-label">{label}</span>
      <select
        aria-label={`${label}: public or private`}
        value={entry.place}
        disabled={busy}
        onChange={(event) => onPlace(event.target.value as MutePlace)}
      >
        <option value="private">Private</option>
        <option value="public">Public</option>
      </select>
      <button
        type="button"
        className="button"
        aria-label={`Unmute ${label}`}
        disabled={busy}
        onClick={onUnmute}
      >
        Unmute
      </button>
    </li>
  )
}
