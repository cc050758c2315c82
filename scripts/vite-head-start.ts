import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { APP_SCRIPTS_ID } from '../src/ui/app-scripts.ts'
import { staticallyImported } from './bundle-imports.ts'
import { bundleModule } from './bundle-module.ts'

const ENTRY = 'head-start'
export const HEAD_START_SOURCE = fileURLToPath(new URL('../src/ui/head-start.ts', import.meta.url))
const PAGE = fileURLToPath(new URL('../index.html', import.meta.url))
const EARLY_REQUEST_SOURCE = fileURLToPath(new URL('../src/ui/early-request.ts', import.meta.url))

/** The page's first script: a host that puts the config into the page puts it just before. */
export const EARLY_REQUEST_ID = 'plume-early-request'

/** nostr-wasm's module, which the start-up script fetches first (ui/head-start.ts). */
const VERIFIER_WASM = /^assets\/secp256k1-[\w-]+\.wasm$/

/** A module script's or module preload's tag in index.html, the chunk it names captured. */
const APP_TAG =
  /\s*<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="\/([^"]+)"[^>]*>(?:<\/script>)?/g

/** Where the template of the app's tags goes, until they are known. */
const HELD = '<!-- the app -->'
/** Where the page's first script goes, once bundled. */
const FIRST_SCRIPT = '<!-- the first script -->'

/**
 * The start-up script (src/ui/head-start.ts) as an entry of its own, its tag written into
 * index.html as the page's only module script. Listed in the page's source, Vite would bundle it
 * into the app's entry, which runs only once all of the app's first scripts (some 210 kB
 * compressed) have loaded.
 * Not in the dev server: there the app begins everything itself.
 *
 * Before the tag, a preload of the WebAssembly the script fetches first, so it is asked for with
 * the document rather than once the script has arrived and run: on Lighthouse's slow phone that
 * request was chained behind the script, on the first note's path (simulated LCP 2,516 ms, with
 * the preload 2,407; medians of 6 loads each).
 *
 * After that preload, the page's first script, inline (src/ui/early-request.ts; the policy allows
 * it by its hash), before any stylesheet that could hold it back: where the host put the config
 * into the page, it sends the early feed's request and compiles the check while the page is
 * parsed and the start-up script loads.
 *
 * The app's own tags (its entry, and the preloads of chunks the start-up script does not import)
 * go into a template, which the start-up script makes live (ui/app-scripts.ts, ui/head-start.ts).
 * Asked for with the document, their download and eager compile (scripts/vite-compile-hints.ts)
 * took the two cores while the start-up script itself arrived. On the bench's page, 4 alternated
 * rounds of 7 cold loads: the script began at medians of 70-94 ms instead of 101-131, the first
 * note came 13-24 ms sooner (138-179 ms against 157-192), the app's own rows no later.
 */
export function headStartEntry(): Plugin {
  return {
    name: 'plume-head-start',
    apply: 'build',
    config: () => ({
      build: { rolldownOptions: { input: { index: PAGE, [ENTRY]: HEAD_START_SOURCE } } },
    }),
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        const files = Object.values(bundle ?? {})
        const chunk = files.find(
          (file) => file.type === 'chunk' && file.isEntry && file.name === ENTRY,
        )
        if (!chunk) throw new Error(`no ${ENTRY} chunk in the bundle`)
        const wasm = files.find(
          (file) => file.type === 'asset' && VERIFIER_WASM.test(file.fileName),
        )
        if (!wasm) throw new Error('no secp256k1 WebAssembly in the bundle')
        const tag = `<script type="module" crossorigin src="/${chunk.fileName}"></script>`
        // As the page's scripts fetch it (a CORS fetch, credentials same-origin), or the
        // preload is not taken and the module downloads twice.
        const preload = `<link rel="preload" href="/${wasm.fileName}" as="fetch" crossorigin="anonymous" />`
        const own = new Set(
          staticallyImported(bundle ?? {}, [chunk.fileName]).map((c) => c.fileName),
        )
        const app: string[] = []
        const page = html
          .replace(
            /<script type="module"/,
            `${preload}\n    ${FIRST_SCRIPT}\n    ${tag}\n    ${HELD}\n    $&`,
          )
          .replace(APP_TAG, (found, file: string) => {
            if (own.has(file)) return found
            app.push(found.trim())
            return ''
          })
        const early = (await bundleModule(EARLY_REQUEST_SOURCE, 'iife')).trim()
        if (/<\/script/i.test(early)) throw new Error('the early request script holds </script')
        return page
          .replace(HELD, `<template id="${APP_SCRIPTS_ID}">${app.join('')}</template>`)
          .replace(FIRST_SCRIPT, () => `<script id="${EARLY_REQUEST_ID}">${early}</script>`)
      },
    },
  }
}
