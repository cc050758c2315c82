import { createRootRoute, Outlet } from '@tanstack/react-router'
import { Header } from '../components/Header.tsx'
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
    </>
  )
}

export const Route = createRootRoute({ component: Layout })
