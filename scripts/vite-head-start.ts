import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const ENTRY = 'head-start'
export const HEAD_START_SOURCE = fileURLToPath(new URL('../src/ui/head-start.ts', import.meta.url))
const PAGE = fileURLToPath(new URL('../index.html', import.meta.url))

/**
 * The start-up script (src/ui/head-start.ts) as an entry of its own, its tag written into
 * index.html before the app's. Listed in the page's source, Vite would bundle it into the app's
 * entry, which runs only once all of the app's first scripts (some 210 kB compressed) have loaded.
 * Not in the dev server: there the app begins everything itself.
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
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.isEntry && file.name === ENTRY,
        )
        if (!chunk) throw new Error(`no ${ENTRY} chunk in the bundle`)
        const tag = `<script type="module" crossorigin src="/${chunk.fileName}"></script>`
        return html.replace(/<script type="module"/, `${tag}\n    $&`)
      },
    },
  }
}
