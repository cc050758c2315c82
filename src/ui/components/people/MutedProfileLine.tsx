import { mutedProfileText, muteEntries } from '../../../core/people/mute-entries.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useHeldMutes } from './use-mute-set.ts'

/**
 * A muted person's profile says so: their notes show here (one came to read them) and nowhere
 * else, and whether the mute is public or private (NIP-51) is the user's to know.
 */
export function MutedProfileLine({ pubkey }: { pubkey: string }) {
  const { signedIn } = useLogin()
  const held = useHeldMutes()
  const person = pubkey.toLowerCase()
  const entry = signedIn
    ? muteEntries(held.list, held.hidden).find(
        ({ target }) => target.kind === 'p' && target.value.toLowerCase() === person,
      )
    : undefined
  return entry ? (
    <p className="profile-muted" role="status">
      {mutedProfileText(entry.place)}
    </p>
  ) : null
}
