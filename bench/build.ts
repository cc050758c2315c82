/**
 * The bench measures the production build: rebuild only when dist/ is missing or older than
 * anything the build reads, so repeated runs skip the build.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// scripts/: the build's own plugins (vite-*.ts) live there.
const INPUTS = ['src', 'public', 'scripts', 'index.html', 'vite.config.ts', 'package-lock.json']

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

/** Runs `vite build` in root when dist/index.html is missing or stale; throws when it fails. */
export function ensureFreshBuild(root: string): void {
  const built = join(root, 'dist', 'index.html')
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
  const sourcesAt = Math.max(...INPUTS.map((input) => newestMtime(join(root, input))))
  if (builtAt >= sourcesAt) return
  console.log(builtAt === 0 ? 'dist/ is missing: building…' : 'dist/ is older than src/: building…')
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? 'signal'})`)
}

export interface DistSnapshot {
  dir: string
  remove(): void
}

/**
 * A private copy of dist/ to serve: a `vite build` elsewhere mid-run (tests, another terminal)
 * empties dist/ and renames the hashed assets, which would make loads fail with 404s.
 */
export function snapshotDist(root: string): DistSnapshot {
  const dir = mkdtempSync(join(tmpdir(), 'plume-bench-'))
  cpSync(join(root, 'dist'), dir, { recursive: true })
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
