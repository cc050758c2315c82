/**
 * What the installable app needs before the router starts, kept tiny because it is on
 * the way to the first note; the service worker and the prompts load later (PwaLayer.tsx).
 *
 * - Standalone start-up at the bare root returns to the last route (spec §2, core/app/last-route.ts).
 * - Every route change is saved as `lastRouteInfo`.
 * - A screen chunk that fails to load after a deploy reloads once into the new version; offline,
 *   once the network is back.
 * - The browser's install offer is caught early.
 * - The splash (markup in index.html) is shown when the rules say so.
 */
import { isStandalone } from '../../actors/app/display-mode.ts'
import {
  LAST_ROUTE_KEY,
  lastRouteRecord,
  parseLastRoute,
  restorableRoute,
} from '../../core/app/last-route.ts'
import { PRELOAD_RELOAD_KEY, shouldReloadOnPreloadError } from '../../core/app/preload-recovery.ts'
import { captureInstallOffer } from '../components/app/install-event.ts'
import { showSplashOnStart } from '../components/app/splash.ts'
import '../components/app/splash.css'

/** localStorage and sessionStorage may throw (storage disabled): the app runs on without them. */
function tryStorage<T>(use: () => T, fallback: T): T {
  try {
    return use()
  } catch {
    return fallback
  }
}

function restoreLastRoute(): void {
  if (!isStandalone()) return
  const saved = tryStorage(() => parseLastRoute(localStorage.getItem(LAST_ROUTE_KEY)), null)
  const path = restorableRoute(window.location, saved, Date.now())
  if (path) window.history.replaceState(window.history.state, '', path)
}

/** Reloads into the current version unless a reload just did not help; says whether it does. */
function reloadOnce(error: unknown): boolean {
  const raw = tryStorage(() => sessionStorage.getItem(PRELOAD_RELOAD_KEY), null)
  const last = raw === null ? null : Number(raw)
  const now = Date.now()
  if (!shouldReloadOnPreloadError(Number.isFinite(last) ? last : null, now)) return false
  tryStorage(() => sessionStorage.setItem(PRELOAD_RELOAD_KEY, String(now)), undefined)
  skipRouterReload(error)
  window.location.reload()
  return true
}

/**
 * TanStack Router reloads once by itself when a route's chunk is missing, under this key (its
 * lazyRouteComponent): marked as done, so ours is the only reload.
 */
function skipRouterReload(error: unknown): void {
  if (!(error instanceof Error)) return
  tryStorage(
    () => sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1'),
    undefined,
  )
}

function reloadOnPreloadError(): void {
  let waitingForNetwork = false
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload
    if (!navigator.onLine) {
      // Offline, a reload would trade this page for the browser's offline page: the import fails
      // here (a screen shows its error), and the page reloads once the network is back.
      skipRouterReload(error)
      if (!waitingForNetwork) {
        waitingForNetwork = true
        window.addEventListener('online', () => reloadOnce(error), { once: true })
      }
      return
    }
    // Handled: the import does not throw into the screen while the page reloads.
    if (reloadOnce(error)) event.preventDefault()
  })
}

/** Before createRouter: may change the URL the router starts at. */
export function startPwaShell(): void {
  showSplashOnStart()
  restoreLastRoute()
  reloadOnPreloadError()
  captureInstallOffer()
}

/** After createRouter: saves each route the app lands on. */
export function rememberRoutes(router: {
  subscribe(event: 'onResolved', fn: (e: { toLocation: { pathname: string } }) => void): () => void
}): void {
  router.subscribe('onResolved', ({ toLocation }) => {
    if (toLocation.pathname === '/open') return
    const record = lastRouteRecord(toLocation.pathname, Date.now())
    tryStorage(() => localStorage.setItem(LAST_ROUTE_KEY, record), undefined)
  })
}
