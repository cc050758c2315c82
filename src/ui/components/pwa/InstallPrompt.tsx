import { Link } from '@tanstack/react-router'
import { useState, useSyncExternalStore } from 'react'
import { isStandalone } from '../../../actors/display-mode.ts'
import { installOffer } from '../../pwa/install-event.ts'

/** 'Not now' lasts for the browser session (the spec leaves it open; the offer comes back). */
const DISMISSED_KEY = 'plume-install-dismissed'

const dismissedThisSession = (): boolean => {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) !== null
  } catch {
    return false
  }
}

/**
 * The Install prompt (spec §2): shown on the browser's install offer, with Not now, Install and a
 * link to /about; hidden once installed or when already running standalone.
 */
export function InstallPrompt() {
  const offer = useSyncExternalStore(installOffer.subscribe, installOffer.get)
  const [dismissed, setDismissed] = useState(dismissedThisSession)
  if (!offer.event || offer.installed || dismissed || isStandalone()) return null
  const event = offer.event

  const notNow = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, 'true')
    } catch {
      // Storage refused: dismissed for this page only.
    }
    setDismissed(true)
  }
  const install = async () => {
    installOffer.used()
    await event.prompt()
    // Accepted: `appinstalled` follows. Dismissed: the browser offers it again another time.
    await event.userChoice
  }

  return (
    <section className="pwa-prompt" role="dialog" aria-labelledby="install-title">
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
