import { Link, useMatchRoute } from '@tanstack/react-router'
import './profile-tabs.css'

const TABS = [
  { to: '/npub/$npub/following', label: 'Following' },
  { to: '/npub/$npub/followers', label: 'Followers' },
  { to: '/npub/$npub/mute-list', label: 'Mute list' },
  { to: '/npub/$npub/relays', label: 'Relays' },
] as const

/** Active only on its own path, whatever modal flags the query holds. */
const EXACT = { exact: true, includeSearch: false } as const

/**
 * The profile's sections as links (the router marks the active one aria-current="page"). The
 * notes tab is both the index and /notes, so it links to whichever of the two is showing.
 * Switching tabs keeps the scroll position: the tabs stay where the reader's eyes are.
 */
export function ProfileTabs({ param }: { param: string }) {
  const matchRoute = useMatchRoute()
  const onNotesPath = !!matchRoute({ to: '/npub/$npub/notes', params: { npub: param } })
  return (
    <nav className="profile-tabs" aria-label="Profile sections">
      <Link
        to={onNotesPath ? '/npub/$npub/notes' : '/npub/$npub'}
        params={{ npub: param }}
        className="profile-tab-link"
        activeOptions={EXACT}
        resetScroll={false}
      >
        Notes
      </Link>
      {TABS.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          params={{ npub: param }}
          className="profile-tab-link"
          activeOptions={EXACT}
          resetScroll={false}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  )
}
