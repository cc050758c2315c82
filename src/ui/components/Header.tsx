import { Link } from '@tanstack/react-router'
import { Logo } from './Logo.tsx'
import { RelayLights } from './RelayLights.tsx'

export function Header() {
  return (
    <header className="app-header">
      <Link to="/" className="brand" aria-label="Plume, home feed">
        <Logo />
        <span className="brand-name">Plume</span>
      </Link>
      <RelayLights />
    </header>
  )
}
