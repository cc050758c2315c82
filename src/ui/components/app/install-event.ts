/**
 * The browser's install offer (`beforeinstallprompt`), caught from the first moment: it can fire
 * before the install prompt's own code has loaded. The browser's mini-bar is suppressed; the
 * app's Install prompt (InstallPrompt.tsx) offers it instead.
 */

/** Chromium's event; not in TypeScript's DOM types. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export interface InstallOffer {
  /** The pending offer, or null (none yet, used, or the app was installed). */
  event: BeforeInstallPromptEvent | null
  installed: boolean
}

let offer: InstallOffer = { event: null, installed: false }
const listeners = new Set<() => void>()

const set = (next: InstallOffer) => {
  offer = next
  for (const listener of listeners) listener()
}

export function captureInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    // Once installed, a later offer (another profile, say) is not shown on this page.
    if (!offer.installed) set({ event: event as BeforeInstallPromptEvent, installed: false })
  })
  window.addEventListener('appinstalled', () => set({ event: null, installed: true }))
}

export const installOffer = {
  get: (): InstallOffer => offer,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** An offer can be shown once: the browser refuses a second prompt() on the same event. */
  used: () => set({ ...offer, event: null }),
}
