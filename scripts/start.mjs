// `npm start`: install when needed, build, then run the local relay and serve the app.
// Arguments after `--` go to the demo server: --port, --relay-port, --public, --data.
import { spawn, spawnSync } from 'node:child_process'
import { ensureInstall } from './ensure-install.mjs'

ensureInstall()

console.log('Building the app…')
const build = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], {
  stdio: 'inherit',
})
if (build.status !== 0) process.exit(build.status ?? 1)

// One node process (no npx wrapper), so signals reach the demo server directly.
const demo = spawn(
  process.execPath,
  ['--import', 'tsx', 'tests/peers/demo.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
)
// Ctrl-C reaches the whole process group; wait for the demo server to close the relay cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => demo.kill(signal))
demo.on('exit', (code) => process.exit(code ?? 0))
