import { fileURLToPath } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { plumePwa } from './scripts/vite-pwa.ts'

// nostr-wasm does not export its .wasm file; name it so the verify worker can fetch it.
const nostrWasm = fileURLToPath(
  new URL('./node_modules/nostr-wasm/public/out/secp256k1.wasm', import.meta.url),
)

/** The entry's stylesheet (styles.css and what main.tsx imports), named after the entry chunk. */
const ENTRY_CSS = /^assets\/index-[\w-]+\.css$/

/**
 * The entry stylesheet inlined into index.html (issue 10, Lighthouse): the static header shell
 * paints with the HTML alone, with no stylesheet request in between. It is ~7 kB compressed and
 * index.html is revalidated anyway; screens' own stylesheets still load with their chunks.
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

/** The home feed's route component, split by the router plugin into its own chunk. */
const HOME_ROUTE = /\/src\/ui\/routes\/index\.tsx\?tsr-split=component$/

/**
 * Modulepreload hints for the home feed's screen chunk and what it imports (issue 10): fetched
 * with the entry instead of after it has run, one round trip less before the first note. These
 * bytes were already loaded before the first note; other screens load theirs as before.
 */
function preloadHomeRoute(): Plugin {
  return {
    name: 'plume-preload-home-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
        const home = chunks.find((chunk) => chunk.moduleIds.some((id) => HOME_ROUTE.test(id)))
        if (!home) return html
        const files = new Set<string>()
        const add = (fileName: string) => {
          if (files.has(fileName)) return
          files.add(fileName)
          const chunk = bundle[fileName]
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) add(imported)
        }
        add(home.fileName)
        const links = [...files]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`)
        return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
      },
    },
  }
}

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
    // Manifest and service worker (issue 10).
    plumePwa(),
    inlineEntryCss(),
    preloadHomeRoute(),
  ],
  resolve: { alias: [{ find: /^nostr-wasm\/secp256k1\.wasm/, replacement: nostrWasm }] },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  server: {
    host: '127.0.0.1',
    // `npm run dev` sets this: the demo server answers /config.json with the local relay.
    proxy: process.env.PLUME_DEMO_ORIGIN
      ? { '/config.json': process.env.PLUME_DEMO_ORIGIN }
      : undefined,
  },
  preview: { host: '127.0.0.1' },
})
