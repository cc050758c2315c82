/**
 * Shows the splash in index.html on this start when the rules say so (core/app/splash.ts): once per
 * browser session, and in standalone mode only after an update's reload. The CSS runs it
 * (splash.css); the mark is taken away when the fade ends.
 */
import { isStandalone } from '../../../actors/app/display-mode.ts'
import { takeUpdateReload } from '../../../actors/app/update-reload-flag.ts'
import { SPLASH_SESSION_KEY, showsSplashOnStart } from '../../../core/app/splash.ts'
import './splash.css'

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
  root.dataset.splash = 'start'
  document.querySelector('.splash')?.addEventListener('animationend', () => {
    if (root.dataset.splash === 'start') delete root.dataset.splash
  })
}

/** An update in progress (standalone): the splash stays up until the page reloads. */
export function holdSplash(): void {
  document.documentElement.dataset.splash = 'held'
}
