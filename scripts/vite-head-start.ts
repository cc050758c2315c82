import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { bootScript } from '../src/actors/relays/boot-workers.ts'
import { APP_ENTRY_ATTRIBUTE } from '../src/core/app/app-entry.ts'

const ENTRY = 'head-start'
/** The app's entry: index.html's own script (src/ui/main.tsx). */
const APP = 'index'
export const HEAD_START_SOURCE = fileURLToPath(new URL('../src/ui/head-start.ts', import.meta.url))
const PAGE = fileURLToPath(new URL('../index.html', import.meta.url))

/**
 * The start-up script (src/ui/head-start.ts) as an entry of its own, its tag written into
 * index.html in place of the app's. Listed in the page's source, Vite would bundle it into the
 * app's entry, which runs only once all of the app's first scripts (some 210 kB compressed) have
 * loaded. The app's entry is preloaded instead, marked for the start-up script, which imports it
 * (src/core/app/app-entry.ts). Not in the dev server: there the app begins everything itself.
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
        const entry = (name: string) => {
          const chunk = Object.values(bundle ?? {}).find(
            (file) => file.type === 'chunk' && file.isEntry && file.name === name,
          )
          if (!chunk) throw new Error(`no ${name} chunk in the bundle`)
          return chunk.fileName
        }
        const app = entry(APP)
        const appTag = `<script type="module" crossorigin src="/${app}"></script>`
        if (!html.includes(appTag)) throw new Error(`no script tag for ${app} in index.html`)
        const worker = (name: string) => {
          const file = Object.keys(bundle ?? {}).find((file) =>
            new RegExp(`^assets/${name}\\.worker-[\\w-]+\\.js$`).test(file),
          )
          if (!file) throw new Error(`no ${name} worker in the bundle`)
          return `/${file}`
        }
        const boot = bootScript({ sockets: worker('relay-sockets'), verify: worker('verify') })
        const start = `<script>${boot}</script>\n    <script type="module" crossorigin src="/${entry(ENTRY)}"></script>`
        const preload = `<link rel="modulepreload" crossorigin href="/${app}" ${APP_ENTRY_ATTRIBUTE}>`
        return html.replace(appTag, `${start}\n    ${preload}`)
      },
    },
  }
}
