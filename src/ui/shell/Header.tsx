import { Link } from '@tanstack/react-router'
import { Suspense } from 'react'
import { Logo } from '../components/app/Logo.tsx'
import { Glyph, IconButton, IconLink } from '../components/kit/IconButton.tsx'
import { RelayLights } from '../components/relays/RelayLights.tsx'
import { useLogin } from '../hooks/use-login.ts'
import { useModal } from '../hooks/use-modal.ts'
import { AccountButton } from './AccountButton.tsx'
import './header.css'
import { NotificationsSquare } from './signed-in-header.ts'

/** The header's title (spec §2): the short one under 640 px width, the long one otherwise. */
export const SHORT_TITLE = 'Plume'
export const LONG_TITLE = 'Plume — a Nostr client'

/**
 * The header (spec §2), in the spec's order, which is also the tab order: logo (the feed), relay
 * lights, search, title (about), then the account's buttons: when logged in, the notifications
 * square and the account button.
 */
export function Header() {
  const { signedIn, pubkey } = useLogin()
  const settings = useModal('settings')
  return (
    <header className="app-header">
      <div className="header-start">
        <Link
          to="/"
          className="brand"
          aria-label="Plume, home feed"
          activeOptions={{ exact: true }}
        >
          <Logo />
        </Link>
        <RelayLights />
        <IconLink to="/search" aria-label="Search" preload={false}>
          <Glyph path="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.2 4.2-1.4 1.4-4.2-4.2A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z" />
        </IconLink>
      </div>
      <Link to="/about" className="header-title" preload={false}>
        <span className="visually-hidden">About </span>
        <span className="header-title-short">{SHORT_TITLE}</span>
        <span className="header-title-long">{LONG_TITLE}</span>
      </Link>
      <div className="header-actions">
        {signedIn && (
          // Beyond the spec's header: the way to /create, for whoever is logged in.
          <IconLink to="/create" aria-label="New note">
            <Glyph path="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25Zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83Z" />
          </IconLink>
        )}
        {signedIn && pubkey && (
          <Suspense fallback={<span className="notifications-square-slot" />}>
            <NotificationsSquare pubkey={pubkey} />
          </Suspense>
        )}
        <AccountButton />
        <IconButton label="Settings" onClick={() => settings.show()}>
          <Glyph path="M19.4 13a7.5 7.5 0 0 0 0-2l2-1.6-2-3.4-2.4 1a7.4 7.4 0 0 0-1.7-1L15 3.5h-4l-.4 2.5a7.4 7.4 0 0 0-1.7 1l-2.4-1-2 3.4 2 1.6a7.5 7.5 0 0 0 0 2l-2 1.6 2 3.4 2.4-1c.5.4 1.1.8 1.7 1l.4 2.5h4l.4-2.5c.6-.2 1.2-.6 1.7-1l2.4 1 2-3.4-2-1.6ZM12 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z" />
        </IconButton>
      </div>
    </header>
  )
}
