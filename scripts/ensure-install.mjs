// Installs dependencies when they are missing or older than the lockfile. Plain Node: it runs
// before anything is installed.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'

export function ensureInstall() {
  const marker = 'node_modules/.package-lock.json'
  const fresh =
    existsSync(marker) && statSync(marker).mtimeMs >= statSync('package-lock.json').mtimeMs
  if (fresh) return
  console.log('Installing dependencies (npm ci)…')
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  })
  if (result.status !== 0) {
    console.error('npm ci failed: see the output above.')
    process.exit(result.status ?? 1)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall()
