// `npm test`: everything CI checks, in order, ending with one summary line.
// Installs what is missing first (dependencies, and Chromium where it can).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { findChromium } from './chromium.mjs'
import { ensureInstall } from './ensure-install.mjs'
import { playwrightCounts, summariseTests, vitestCounts } from './test-summary.mjs'

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
  results.push({ name, status, seconds: ((Date.now() - started) / 1000).toFixed(1) })
  if (status !== 0 && (name === 'typecheck' || name === 'build')) break
}

const readJson = (path) => {
  if (!existsSync(path)) return null
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null // cut short: as good as no report
  }
}
const testRun = (name, path, countsOf) => {
  const report = readJson(path)
  return {
    name,
    status: results.find((step) => step.name === name)?.status,
    counts: report === null ? null : countsOf(report),
  }
}
const summary = summariseTests([
  testRun('unit and model', `${reports}/unit.json`, vitestCounts),
  testRun('browser', `${reports}/e2e.json`, playwrightCounts),
])

console.log('')
for (const { name, status, seconds } of results) {
  console.log(`${status === 0 ? '✓' : '✗'} ${name} (${seconds} s)`)
}
const allOk = results.length === steps.length && results.every((step) => step.status === 0)
console.log(summary.line)
process.exit(allOk && summary.ok ? 0 : 1)
