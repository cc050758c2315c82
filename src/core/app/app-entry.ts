/**
 * How the start-up script starts the app (ui/head-start.ts): index.html preloads the app's entry
 * on a link marked APP_ENTRY_ATTRIBUTE (scripts/vite-head-start.ts) rather than running it, and
 * the script imports it once the first notes are drawn. Evaluating the app's scripts is one long
 * task (about 100 ms on this host, some 1 s on a slow phone) that the first notes' drawing would
 * otherwise wait behind.
 */
export const APP_ENTRY_ATTRIBUTE = 'data-plume-app'

/**
 * The app starts at the latest this long after the start-up script: relays slower to answer than
 * this are not waited for, and the app starts as it would without the early feed.
 */
export const APP_WAIT_MS = 500
