import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { MuteFailure } from '../../../actors/people/mute.ts'
import type { MuteAction } from '../../../core/people/mute-edit.ts'
import { useGated } from '../../hooks/use-gated.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useSystem } from '../../system-context.tsx'
import { ActionError } from './ActionError.tsx'
import { useProfileQueries } from './use-profile.ts'

/**
 * Mute or Unmute this person (the user's kind 10000). The list is read, changed and published;
 * the button says what is happening meanwhile, and the mute list shows the result once a relay
 * took it. A visitor gets the login options first.
 */
export function MuteButton({ pubkey }: { pubkey: string }) {
  const system = useSystem()
  const { signedIn, pubkey: user } = useLogin()
  const queries = useProfileQueries()
  const list = useQuery({ ...queries.muteList(user ?? ''), enabled: signedIn && !!user })
  const gate = useGated('mute')
  const mutation = useMutation({
    mutationFn: async (action: MuteAction) => (await system.mute()).change(action, pubkey),
  })
  // Shown until dismissed or the next click.
  const [shown, setShown] = useState(false)
  const muted = !!list.data?.people.some((person) => person.pubkey === pubkey)
  const loading = signedIn && list.isPending

  const click = () => {
    setShown(true)
    mutation.reset()
    const action = muted ? 'unmute' : 'mute'
    gate.run(() => mutation.mutate(action))
  }

  const error = shown ? (gate.problem ?? mutation.error?.message ?? null) : null
  const detail = mutation.error instanceof MuteFailure ? mutation.error.detail : null
  return (
    <>
      <button
        type="button"
        className="button profile-mute"
        aria-busy={mutation.isPending || loading}
        disabled={mutation.isPending || loading}
        onClick={click}
      >
        {mutation.isPending
          ? mutation.variables === 'mute'
            ? 'Muting…'
            : 'Unmuting…'
          : muted
            ? 'Unmute'
            : 'Mute'}
      </button>
      {error && (
        <ActionError
          message={error}
          detail={gate.problem ? null : detail}
          onDismiss={() => setShown(false)}
        />
      )}
    </>
  )
}
