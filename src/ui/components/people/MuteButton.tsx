import { useState } from 'react'
import { useGated } from '../../hooks/use-gated.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { ActionError } from './ActionError.tsx'
import { sameMute, useMuteEdit } from './use-mute-edit.ts'
import { useMuteSet } from './use-mute-set.ts'

/**
 * Mute or Unmute this person (the user's kind 10000) through the mute-edit machine: the list is
 * read, changed and published; the button says what is happening meanwhile, and the mute set
 * shows the result once a relay took it. A mute from here is public, as it always was; one muted
 * privately (a note's menu) is unmuted here too. A visitor gets the login options first.
 */
export function MuteButton({ pubkey }: { pubkey: string }) {
  const { signedIn } = useLogin()
  const mutes = useMuteSet()
  const edit = useMuteEdit()
  const gate = useGated('mute')
  // Shown until dismissed or the next click.
  const [shown, setShown] = useState(false)
  const target = { kind: 'p' as const, value: pubkey }
  const muted = signedIn && mutes.people.has(pubkey.toLowerCase())
  const mine = sameMute(edit.last, { action: 'mute', target, place: 'public' })
  const busy = mine && edit.changing !== null

  const click = () => {
    setShown(true)
    edit.dismiss()
    gate.run(() => edit.request({ action: muted ? 'unmute' : 'mute', target, place: 'public' }))
  }

  const error = shown ? (gate.problem ?? (mine ? edit.error : null)) : null
  return (
    <>
      <button
        type="button"
        className="button profile-mute"
        aria-busy={busy}
        disabled={busy}
        onClick={click}
      >
        {busy
          ? edit.changing?.action === 'mute'
            ? 'Muting…'
            : 'Unmuting…'
          : muted
            ? 'Unmute'
            : 'Mute'}
      </button>
      {error && (
        <ActionError
          message={error}
          detail={gate.problem ? null : edit.detail}
          onDismiss={() => setShown(false)}
        />
      )}
    </>
  )
}
