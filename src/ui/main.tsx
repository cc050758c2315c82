import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startSystem } from '../actors/system.ts'
import { routeTree } from './routeTree.gen.ts'
import { SystemProvider } from './system-context.tsx'
import './styles.css'

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true })

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

// `npm run dev:inspect` builds in mode "inspect"; in production this branch and its import vanish.
const inspect =
  import.meta.env.MODE === 'inspect'
    ? (await import('@statelyai/inspect')).createBrowserInspector().inspect
    : undefined

const system = startSystem({ inspect })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SystemProvider system={system}>
      <QueryClientProvider client={system.queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SystemProvider>
  </StrictMode>,
)
