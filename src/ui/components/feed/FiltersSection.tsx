import { useLogin } from '../../hooks/use-login.ts'
import { usePreferences, useSendPreferences } from '../app/use-preferences.ts'
import { Toggle } from '../kit/Toggle.tsx'
import { HashtagFilter } from './HashtagFilter.tsx'

/** Settings, "Filters" (spec §2): what the feed shows. */
export function FiltersSection() {
  const preferences = usePreferences()
  const send = useSendPreferences()
  const { signedIn } = useLogin()
  return (
    <section className="settings-section" aria-labelledby="filters-heading">
      <h3 id="filters-heading">Filters</h3>
      <div className="toggle-list">
        <Toggle
          label="Show Replies"
          checked={preferences.showReplies}
          onChange={(value) => send({ type: 'preferences.set', key: 'showReplies', value })}
        />
        <Toggle
          label="Show Reposts"
          checked={preferences.showReposts}
          onChange={(value) => send({ type: 'preferences.set', key: 'showReposts', value })}
        />
        <Toggle
          label="Follow Only"
          hint={signedIn ? 'Only people you follow' : 'Log in to see only people you follow'}
          // Spec §6: needs a logged-in user; shown off while logged out.
          checked={signedIn && preferences.filterByFollow}
          disabled={!signedIn}
          onChange={(value) => send({ type: 'preferences.set', key: 'filterByFollow', value })}
        />
        <Toggle
          label="Hide replies and notifications from outside your network"
          hint={
            signedIn
              ? 'Only people you follow and the people they follow show at once'
              : 'Log in to hide replies from outside your network'
          }
          // Like Follow Only, it needs the user's follows: shown off while logged out.
          checked={signedIn && preferences.filterByTrust}
          disabled={!signedIn}
          onChange={(value) => send({ type: 'preferences.set', key: 'filterByTrust', value })}
        />
        <Toggle
          label="NSFW Disrespector"
          hint="Always on: notes with a content warning or #nsfw stay hidden until you reveal them"
          checked
          disabled
        />
      </div>
      <HashtagFilter />
    </section>
  )
}
