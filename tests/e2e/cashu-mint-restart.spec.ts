// The demo's mint keeps its keys and ledger in its data folder: restarted between a deposit and
// a send, the ecash deposited before still swaps, as after a restart of `npm start`.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createFakeLightning } from '../peers/fake-lightning.ts'
import { freePort } from '../peers/free-port.ts'
import { type MintHandle, startMint } from '../peers/mint/server.ts'
import {
  addMint,
  createWallet,
  deposit,
  logIn,
  openWallet,
  sendToken,
  type TestMint,
} from './cashu.ts'
import { expect, test } from './fixtures.ts'

let running: MintHandle | undefined
let dataDir = ''
test.afterEach(async () => {
  await running?.stop()
  running = undefined
  rmSync(dataDir, { recursive: true, force: true })
})

test('ecash deposited before the mint restarts is sent after', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(90_000)
  dataDir = mkdtempSync(join(tmpdir(), 'plume-mint-'))
  const port = await freePort()
  const lightning = createFakeLightning()
  const start = () => startMint({ port, name: 'Plume demo mint', lightning, dataDir })
  running = await start()
  const mint: TestMint = { name: 'Plume demo mint', lightning, url: running.url }

  await openApp([await launchRelay()])
  await logIn(page, world.demoAccount)
  await openWallet(page)
  await createWallet(page)
  await addMint(page, mint)
  await deposit(page, mint, 100)

  await running.stop()
  running = await start()
  const token = await sendToken(page, 40, 60)
  expect(token).toMatch(/^cashuB/)
})
