/**
 * The splash screen (spec §2): logo and title for 1.2 s, then a 0.4 s fade. Once per session in a
 * browser (sessionStorage `splash-shown`, §3); in installed mode only while an app update is in
 * progress, which includes the first paint of the new version after the update's reload.
 */

export const SPLASH_SHOW_MS = 1200
export const SPLASH_FADE_MS = 400
export const SPLASH_SESSION_KEY = 'splash-shown'

export function showsSplashOnStart(o: {
  standalone: boolean
  shownThisSession: boolean
  afterUpdate: boolean
}): boolean {
  return o.standalone ? o.afterUpdate : !o.shownThisSession
}
