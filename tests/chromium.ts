/**
 * How every browser run here launches Debian's Chromium (scripts/chromium.mjs finds or installs
 * it). Without the background-networking flags Chromium keeps dialling hosts this closed network
 * refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
