/**
 * The app's own scripts, held by index.html in a template until the start-up script adds them
 * (why, with the figures: scripts/vite-head-start.ts).
 */
export const APP_SCRIPTS_ID = 'plume-app-scripts'

/**
 * The longest the start-up script holds the app's scripts for the early rows: where the relays are
 * slow (a phone's network) or the cache has notes to show (a warm start), the app is asked for at
 * most this much later than at once.
 */
export const APP_HOLD_MS = 150

/** Puts the template's tags into the head as live ones, in their order; once. */
export function loadAppScripts(doc: Document = document): void {
  const template = doc.querySelector<HTMLTemplateElement>(`template#${APP_SCRIPTS_ID}`)
  if (!template) return
  template.remove()
  for (const held of template.content.children) {
    const tag = doc.createElement(held.localName)
    for (const { name, value } of held.attributes) tag.setAttribute(name, value)
    doc.head.append(tag)
  }
}
