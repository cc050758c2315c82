/**
 * A bench-only build of the real app, with a handle on its system. The production build, with
 * the project's own Vite config, plus one plugin: src/ui/main.tsx's import of the system resolves
 * to bench/app-tap.ts, which starts the same system and hangs a few hooks on the page
 * (`globalThis.__plumeBench`). The app's code is untouched, and nothing of this reaches dist/.
 *
 * Why not a URL flag in the app: it would ship in every build for every user. Why not a page of
 * its own: the rows must measure the app as it runs (its pool, hub, workers, React, query cache).
 * Built once per bench run into a temporary directory, removed when the process exits.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'vite'

const TAP = fileURLToPath(new URL('./app-tap.ts', import.meta.url))

function tapSystem(root: string): Plugin {
  const entry = resolve(root, 'src/ui/main.tsx')
  return {
    name: 'plume-bench-tap-system',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && resolve(importer) === entry && source === '../actors/system.ts') return TAP
      return null
    },
  }
}

let built: Promise<string> | undefined

async function buildOnce(root: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'plume-bench-tap-'))
  process.once('exit', () => rmSync(outDir, { recursive: true, force: true }))
  await build({
    configFile: join(root, 'vite.config.ts'),
    root,
    logLevel: 'warn',
    plugins: [tapSystem(root)],
    build: { outDir, emptyOutDir: true, sourcemap: false },
  })
  return outDir
}

/** The directory holding the tapped build (index.html and assets), built on first call. */
export function tappedAppDir(root: string): Promise<string> {
  built ??= buildOnce(root)
  return built
}
