import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { connectionHints, onConnectionChange } from '../actors/app/network-hints.ts'
import { inOwnTask } from '../actors/platform/own-task.ts'
import type { PlumeSystem } from '../actors/system/plume-system.ts'
import { startSystem } from '../actors/system.ts'
import { PREFETCH_HOVER_DELAY_MS, prefetchAllowed } from '../core/app/prefetch.ts'
import { CacheGate } from './components/app/CacheGate.tsx'
import { ErrorFallback } from './components/app/ErrorFallback.tsx'
import { NotFoundPage } from './components/app/NotFoundPage.tsx'
import { NoteActionsSlot } from './components/feed/note-actions-slot.ts'
import { NoteMenuSlot } from './components/feed/note-menu-slot.ts'
import { rememberRoutes, startPwaShell } from './pwa/start.ts'
import { routeTree } from './routeTree.gen.ts'
import { NoteActions } from './shell/NoteActions.tsx'
import { NOTE_MENU } from './shell/note-menu.ts'
import { SystemProvider } from './system-context.tsx'
import './styles.css'

// `npm run dev:inspect` builds in mode "inspect"; in production this branch and its import vanish.
const inspect =
  import.meta.env.MODE === 'inspect'
    ? (await import('@statelyai/inspect')).createBrowserInspector().inspect
    : undefined

/** Links preload on intent (hover or touch, spec §2), except on data saver or 2g. */
const preloadMode = () => (prefetchAllowed(connectionHints()) ? 'intent' : false)

function createAppRouter(system: PlumeSystem) {
  const router = createRouter({
    routeTree,
    context: { prefetch: system.routePrefetch },
    defaultPreload: preloadMode(),
    defaultPreloadDelay: PREFETCH_HOVER_DELAY_MS,
    // Freshness is the query cache's business (§9 prefetch times), not the router's match cache.
    defaultPreloadStaleTime: 0,
    // Window scroll is kept per path by useScrollMemory (__root.tsx); the router's own
    // restoration keys positions by history entry, which is not what the spec asks.
    scrollRestoration: false,
    defaultErrorComponent: ErrorFallback,
    defaultNotFoundComponent: NotFoundPage,
  })
  onConnectionChange(() => router.update({ ...router.options, defaultPreload: preloadMode() }))
  rememberRoutes(router)
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

function render(system: PlumeSystem, router: ReturnType<typeof createAppRouter>) {
  // A transition: React renders the app in slices of a few ms, yielding to the browser between
  // them, where a plain first render is one long task (Lighthouse counts every task past 50 ms on
  // its slow phone as blocking). index.html's static header stays up meanwhile (removed
  // by __root.tsx).
  const root = createRoot(document.getElementById('root')!)
  startTransition(() =>
    root.render(
      <StrictMode>
        <SystemProvider system={system}>
          <NoteActionsSlot.Provider value={NoteActions}>
            <NoteMenuSlot.Provider value={NOTE_MENU}>
              <QueryClientProvider client={system.queryClient}>
                <CacheGate>
                  <RouterProvider router={router} />
                </CacheGate>
              </QueryClientProvider>
            </NoteMenuSlot.Provider>
          </NoteActionsSlot.Provider>
        </SystemProvider>
      </StrictMode>,
    ),
  )
}

// Evaluating the scripts, starting the system, and starting the router with the first render are
// three tasks: as one they took 36-52 ms on this host's CPU, all of it blocking on Lighthouse's
// slow phone. A timer, not a top-level await: that made the bundler split the entry
// into a chain of small chunks, each a round trip later.
inOwnTask(() => {
  const system = startSystem({ inspect })
  // Splash, installed start-up, chunk-error recovery, install offer: before the router.
  startPwaShell()
  inOwnTask(() => render(system, createAppRouter(system)))
})
