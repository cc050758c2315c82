import { createRootRoute, Outlet } from '@tanstack/react-router'
import { parseModalSearch } from '../../core/modal-search.ts'
import { Header } from '../components/Header.tsx'
import { Overlays } from '../components/Overlays.tsx'
import { useAppState } from '../hooks/use-relays.ts'

function Layout() {
  const app = useAppState()
  return (
    <>
      <Header />
      <main className="main">
        {app.value === 'failed' ? (
          <p className="feed-message" role="alert">
            {app.error}
          </p>
        ) : (
          <Outlet />
        )}
      </main>
      <Overlays />
    </>
  )
}

export const Route = createRootRoute({ component: Layout, validateSearch: parseModalSearch })
