/**
 * Shows the splash in index.html on this start when the rules say so (core/app/splash.ts): once per
 * browser session, and in standalone mode only after an update's reload. Its times (spec §2) are
 * core/app/splash.ts's: they are handed to the CSS fade (splash.css reads --splash-show and
 * --splash-fade) and time the mark's removal when the fade ends. Called by the start-up script,
 * before anything else is drawn (the early feed), and again by the app, which alone runs in the
 * dev server; the second call finds the splash decided. Its stylesheet comes with the app's
 * (ui/pwa/start.ts), which index.html inlines: imported here, it went with the start-up script's
 * chunk, which links none.
 */
import { isStandalone } from '../../../actors/app/display-mode.ts'
import { takeUpdateReload } from '../../../actors/app/update-reload-flag.ts'
import {
  SPLASH_FADE_MS,
  SPLASH_SESSION_KEY,
  SPLASH_SHOW_MS,
  showsSplashOnStart,
} from '../../../core/app/splash.ts'

export function showSplashOnStart(): void {
  try {
    const show = showsSplashOnStart({
      standalone: isStandalone(),
      shownThisSession: sessionStorage.getItem(SPLASH_SESSION_KEY) !== null,
      afterUpdate: takeUpdateReload(),
    })
    if (!show) return
    sessionStorage.setItem(SPLASH_SESSION_KEY, 'true')
  } catch {
    // No session storage: no way to show it only once, so not at all.
    return
  }
  const root = document.documentElement
  // Set through the CSSOM, which a style-src policy does not govern (a style attribute it would).
  root.style.setProperty('--splash-show', `${SPLASH_SHOW_MS}ms`)
  root.style.setProperty('--splash-fade', `${SPLASH_FADE_MS}ms`)
  root.dataset.splash = 'start'
  setTimeout(() => {
    // Held meanwhile for an update: it stays until the reload.
    if (root.dataset.splash === 'start') delete root.dataset.splash
  }, SPLASH_SHOW_MS + SPLASH_FADE_MS)
}

/** An update in progress (standalone): the splash stays up until the page reloads. */
export function holdSplash(): void {
  document.documentElement.dataset.splash = 'held'
}
