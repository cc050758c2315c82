// `npm run dev` (and `npm run dev:inspect`): the Vite dev server with hot reload, against the
// local demo (relay, media and NIP-05 from `npm start`'s server). Vite proxies /config.json to
// it, so the dev page lists the local relay. `--inspect` attaches the Stately inspector.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { ensureInstall } from './ensure-install.mjs'

ensureInstall()
if (!existsSync('dist/index.html')) {
  spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' })
}
const demoPort = process.env.PORT ?? '8080'
const inspect = process.argv.includes('--inspect')
const demo = spawn(
  process.execPath,
  ['--import', 'tsx', 'tests/peers/demo.ts', '--port', demoPort],
  {
    stdio: 'inherit',
  },
)
const vite = spawn('node_modules/.bin/vite', inspect ? ['--mode', 'inspect'] : [], {
  stdio: 'inherit',
  env: { ...process.env, PLUME_DEMO_ORIGIN: `http://127.0.0.1:${demoPort}` },
})
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    demo.kill(signal)
    vite.kill(signal)
  })
}
vite.on('exit', (code) => {
  demo.kill('SIGTERM')
  process.exit(code ?? 0)
})
