import { fileURLToPath } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { compileHints } from './scripts/vite-compile-hints.ts'
import { cspMeta } from './scripts/vite-csp.ts'
import { HEAD_START_SOURCE, headStartEntry } from './scripts/vite-head-start.ts'
import { preloadLists } from './scripts/vite-preload-lists.ts'
import { plumePwa } from './scripts/vite-pwa.ts'
import { lowPriorityStartScripts } from './scripts/vite-script-priority.ts'

// nostr-wasm does not export its .wasm file; name it so the verify worker can fetch it.
const nostrWasm = fileURLToPath(
  new URL('./node_modules/nostr-wasm/public/out/secp256k1.wasm', import.meta.url),
)

/**
 * The entry's stylesheets, named after their chunks: styles.css and what main.tsx imports, and
 * the home feed's (its chunk is one of the entry's, below).
 */
const ENTRY_CSS = /^assets\/(index|home)-[\w-]+\.css$/

/**
 * The entry's stylesheets inlined into index.html (Lighthouse): the static header shell
 * paints with the HTML alone, with no stylesheet request in between. They are ~8 kB compressed
 * and index.html is revalidated anyway; other screens' stylesheets still load with their chunks.
 *
 * Screens' chunks list the entry stylesheet among their preloads too, and Vite's preload helper
 * skips a stylesheet the page already links: the link stays, `disabled`, which the browser
 * neither fetches nor applies (HTML: a disabled link's stylesheet is not obtained).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'plume-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        let page = html
        for (const [name, file] of Object.entries(bundle)) {
          if (file.type !== 'asset' || !ENTRY_CSS.test(name)) continue
          const link = new RegExp(
            `<link rel="stylesheet"[^>]*href="/${name.replace(/[.]/g, '\\.')}"[^>]*>`,
          )
          page = page.replace(
            link,
            (tag) =>
              `<style>${String(file.source).trim()}</style>\n    ${tag.replace(/>$/, ' disabled>')}`,
          )
        }
        return page
      },
    },
  }
}

/** The home feed's component, split by the router plugin (its file's own id, not a pattern). */
const HOME_ROUTE_ID = `${fileURLToPath(new URL('./src/ui/routes/index.tsx', import.meta.url))}?tsr-split=component`

/**
 * Modules the entry shares with lazy screens but not with the feed: left alone, the bundler makes
 * each its own chunk before the first note (the NIP-89 client tag: 186 bytes; the contact list's
 * parsing: 388 bytes; a request more each).
 */
const SHARED_WITH_ENTRY = ['/src/core/platform/nip89.ts', '/src/core/people/contacts.ts']

/**
 * Modules a library's index imports that the feed does not use (a build of the first note's static
 * graph drops them): reachable through the index all the same, they would join the feed's chunk
 * (2 KiB compressed) though only lazy screens use them.
 */
const UNUSED_BY_FEED =
  /@tanstack\/(react-query|query-core)\/build\/modern\/(useQueries|useMutation|queriesObserver|mutationObserver)\.js$/

/** Every module `from` imports, itself included. */
function reachable(from: string, ctx: ModuleGraph): Set<string> {
  const found = new Set<string>()
  const stack = [from]
  for (let m = stack.pop(); m !== undefined; m = stack.pop()) {
    if (found.has(m) || UNUSED_BY_FEED.test(m)) continue
    found.add(m)
    stack.push(...(ctx.getModuleInfo(m)?.importedIds ?? []))
  }
  return found
}

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }

/** A chunk group: the modules `from` imports (and those named in `also`), named `name`. */
function reachableChunkName(from: string, name: string, also: readonly string[] = []) {
  let found: Set<string> | null = null
  return (id: string, ctx: ModuleGraph) => {
    if (!found) {
      if (!ctx.getModuleInfo(from)) throw new Error(`No module ${from}`)
      found = reachable(from, ctx)
    }
    return found.has(id) || also.some((path) => id.endsWith(path)) ? name : null
  }
}

// The lazy imports' preload lists, without what never starts a fetch (scripts/vite-preload-lists.ts).
const preload = preloadLists()

// The router plugin must come before react() (stack-notes).
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/ui/routes',
      generatedRouteTree: 'src/ui/routeTree.gen.ts',
    }),
    react(),
    // Manifest and service worker.
    plumePwa(),
    inlineEntryCss(),
    headStartEntry(),
    lowPriorityStartScripts(),
    preload.plugin,
    compileHints(),
    // Last: it hashes the inline styles the plugins above wrote into index.html.
    cspMeta(),
  ],
  resolve: {
    alias: [
      { find: /^nostr-wasm\/secp256k1\.wasm/, replacement: nostrWasm },
      // React 19 has useSyncExternalStore: the shim @xstate/react imports (for React 17) is dead
      // weight on the first note's path.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
    ],
  },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The start-up script's modules first (a group takes its modules from those after it):
          // the script must not wait for the feed's chunk. Then the home feed's screen and
          // everything it imports as one chunk, which the entry imports. Left to the bundler, the
          // modules it shares with other screens come as some forty chunks of a few hundred bytes
          // each: forty requests before the first note, which over HTTP/1.1 (six at a time) cost
          // a phone on a slow line seven round trips. A visit that starts on another screen now
          // loads the feed's own modules too, about 20 kB compressed.
          groups: [
            { name: reachableChunkName(HEAD_START_SOURCE, 'start'), debugName: 'start' },
            {
              name: reachableChunkName(HOME_ROUTE_ID, 'home', SHARED_WITH_ENTRY),
              debugName: 'home',
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    // `npm run dev` sets this: the demo server answers /config.json with the local relay.
    proxy: process.env.PLUME_DEMO_ORIGIN
      ? { '/config.json': process.env.PLUME_DEMO_ORIGIN }
      : undefined,
  },
  preview: { host: '127.0.0.1' },
})
