import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import { useDeferredValue, useLayoutEffect } from 'react'
import { parseModalSearch } from '../../core/app/modal-search.ts'
import { useScrollMemory } from '../components/app/use-scroll-memory.ts'
import { dropEarlyFeed } from '../components/feed/early-feed.ts'
import { Toast } from '../components/kit/Toast.tsx'
import { useAppState } from '../components/relays/use-relays.ts'
import type { RouterContext } from '../router-context.ts'
import { Header } from '../shell/Header.tsx'
import { OverlayGate } from '../shell/OverlayGate.tsx'
import { PwaLayer } from '../shell/PwaLayer.tsx'

/**
 * index.html's static header goes as the app's own is committed, before either is painted; its
 * type sampler, laid out long before, with it.
 */
function useRemoveStaticShell(): void {
  useLayoutEffect(() => {
    for (const held of document.querySelectorAll('.app-shell, .type-sampler')) held.remove()
  }, [])
}

/** The start-up script's feed (early-feed.ts) stays only while the feed may replace it. */
function useDropEarlyFeed(failed: boolean): void {
  const home = useRouterState({ select: (state) => state.location.pathname === '/' })
  useLayoutEffect(() => {
    if (!home || failed) dropEarlyFeed()
  }, [home, failed])
}

/**
 * The page mounts in a deferred render, which React draws in slices with the browser's turns in
 * between. The router mounts the root in a store update, which React renders at once: header
 * and feed were one task of 30-60 ms on this machine (Lighthouse's blocking time
 * counts it four times over). Until then index.html's static header stays.
 */
function Layout() {
  const ready = useDeferredValue(true, false)
  return ready ? <Page /> : null
}

function Page() {
  const app = useAppState()
  useScrollMemory()
  useRemoveStaticShell()
  useDropEarlyFeed(app.value === 'failed')
  return (
    <>
      <Header />
      <PwaLayer />
      <main className="main">
        {app.value === 'failed' ? (
          <p className="feed-message" role="alert">
            {app.error}
          </p>
        ) : (
          <Outlet />
        )}
      </main>
      <OverlayGate />
      <Toast />
    </>
  )
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Layout,
  validateSearch: parseModalSearch,
  // Every preload passes through the root: the linked screen's data is fetched here (not
  // awaited), its code by the router after. A link that gets no prefetch (spec §2: only /,
  // /note/, /npub/ and /create, decodable ids, no data saver or 2g) is cancelled before either.
  beforeLoad: ({ preload, location, context, abortController }) => {
    if (preload && !context.prefetch(location.pathname)) abortController.abort()
  },
})
