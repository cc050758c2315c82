// `npm test`: everything CI checks, in order, ending with one summary line.
// Installs what is missing first (dependencies, and Chromium where it can).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { findChromium } from './chromium.mjs'
import { ensureInstall } from './ensure-install.mjs'

ensureInstall()

let chromium
try {
  chromium = findChromium()
} catch (error) {
  console.error(`\n${error.message}`)
  process.exit(1)
}

const reports = 'test-results/reports'
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const env = {
  ...process.env,
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`,
}
const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['biome', 'ci', '.']],
  ['dependencies', 'npx', ['tsx', 'scripts/deps.ts']],
  [
    'unit and model',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/unit.json`,
    ],
  ],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['browser', 'npx', ['playwright', 'test', '--reporter=list,json']],
]

const results = []
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`)
  const started = Date.now()
  const { status } = spawnSync(command, args, { stdio: 'inherit', env })
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) })
  if (status !== 0 && (name === 'typecheck' || name === 'build')) break
}

const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null)
const unit = readJson(`${reports}/unit.json`)
const e2e = readJson(`${reports}/e2e.json`)
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0)
const failed =
  (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0)
const skipped = (unit?.numPendingTests ?? 0) + (e2e?.stats?.skipped ?? 0)

console.log('')
for (const { name, ok, seconds } of results) console.log(`${ok ? '✓' : '✗'} ${name} (${seconds} s)`)
const allOk = results.length === steps.length && results.every((step) => step.ok)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(allOk && failed === 0 && passed > 0 ? 0 : 1)
