import { Link, useRouterState } from '@tanstack/react-router'
import { useState, useSyncExternalStore } from 'react'
import { isStandalone } from '../../../actors/app/display-mode.ts'
import { dismissedBefore, rememberDismissal } from '../../../actors/app/install-dismissal-store.ts'
import { installOffer } from './install-event.ts'

/**
 * The Install prompt (spec §2): shown on the browser's install offer, with Not now, Install and a
 * link to /about; hidden once installed or when already running standalone, and for 30 days after
 * Not now. A bar in the page's flow above the content, never over it, and never pushing down what
 * the reader is reading: the layer mounts after the first screen is drawn, and an offer found then
 * waits for the next screen (a route change) to join the page. Shown at once, it moved the whole
 * feed down by its height: a layout shift of 0.22 in every Lighthouse run, a quarter of its score.
 */
export function InstallPrompt() {
  const offer = useSyncExternalStore(installOffer.subscribe, installOffer.get)
  const [dismissed, setDismissed] = useState(() => dismissedBefore())
  const screen = useRouterState({ select: (state) => state.location.href })
  // The screen the offer was first seen on; null once another screen came.
  const [offeredOn, setOfferedOn] = useState<string | null | undefined>(undefined)
  if (!offer.event || offer.installed || dismissed || isStandalone()) return null
  if (offeredOn === undefined) {
    setOfferedOn(screen)
    return null
  }
  if (offeredOn === screen) return null
  if (offeredOn !== null) setOfferedOn(null)
  const event = offer.event

  const notNow = () => {
    rememberDismissal()
    setDismissed(true)
  }
  const install = async () => {
    installOffer.used()
    await event.prompt()
    // Accepted: `appinstalled` follows. Dismissed: the browser offers it again another time.
    await event.userChoice
  }

  return (
    <section className="pwa-prompt install-prompt" role="dialog" aria-labelledby="install-title">
      <h2 id="install-title" className="pwa-prompt-title">
        Install
      </h2>
      <p className="pwa-prompt-text">
        Add Plume to this device: it opens like an app, full screen, and shows saved notes offline.{' '}
        <Link to="/about">About Plume</Link>
      </p>
      <div className="pwa-prompt-actions">
        <button type="button" className="button-quiet" onClick={notNow}>
          Not now
        </button>
        <button type="button" className="button button-primary" onClick={install}>
          Install
        </button>
      </div>
    </section>
  )
}
