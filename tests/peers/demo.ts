/**
 * `npm start`: the built app with the many-relay demo world on persistent local relays, or (with
 * --public) the built app alone with its public relay configuration.
 *
 *   npx tsx tests/peers/demo.ts [--port 8080] [--relay-port 7777] [--mint-port 3338] [--public]
 *                               [--data data]
 *
 * PORT, RELAY_PORT and MINT_PORT set the ports too. The world's relays listen on the relay port and
 * the seven after it: general A and B (the app's default pool), the indexer, four small relays and
 * the hint-only relay (seed/relays.ts). Each keeps its events in an append-only file,
 * data/relays/<name>.jsonl: seeded on the first start, then user posts persist across restarts.
 * The files of the older single-relay demo (data/relay.jsonl) are moved aside, not deleted. The
 * Cashu mint keeps its keys and ledger in the data folder too (mint.json).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { hexToBytes } from '@noble/hashes/utils.js'
import { startAppServer } from './app-server.ts'
import {
  keepWalletSecrets,
  moveSingleRelayWorldAside,
  RELAYS_FOLDER,
  readWalletSecrets,
} from './demo-data.ts'
import { createLnurlService } from './lnurl-server.ts'
import { startMint } from './mint/server.ts'
import { startNwcWallet } from './nwc-wallet.ts'
import {
  demoZapper,
  generateDemoWorld,
  localWorldRelays,
  namedRelays,
  WORLD_RELAY_COUNT,
} from './seed/index.ts'
import { worldRuntimeConfig } from './world-config.ts'
import { startWorldRelays, WorldRelayStartError } from './world-relays.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const DIST = join(ROOT, 'dist')

/** What the first start seeded with: regenerating the same world later needs the same inputs. */
interface SeedRecord {
  origin: string
  now: number
}

class UsageError extends Error {}

function port(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    throw new UsageError(`${flag} must be a port number between 1 and 65535 (got "${value}")`)
  }
  return n
}

/** Runs a start step; a taken port becomes a message naming the flag that changes it. */
async function onPort<T>(
  what: string,
  at: number,
  hint: string,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EADDRINUSE') {
      throw new UsageError(
        `Port ${at} is already in use, so the ${what} cannot start. Choose another port with ${hint}.`,
      )
    }
    throw error
  }
}

function readSeedRecord(file: string): SeedRecord | null {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<SeedRecord>
    return typeof value.origin === 'string' && typeof value.now === 'number'
      ? { origin: value.origin, now: value.now }
      : null
  } catch {
    return null
  }
}

const USAGE = `Usage: npm start -- [--port 8080] [--relay-port 7777] [--mint-port 3338] [--public] [--data data]
  --relay-port  the first of the world's ${WORLD_RELAY_COUNT} relays; the others take the next ports
  --public      serve the app with its public relays (no local relay)
  PORT, RELAY_PORT and MINT_PORT environment variables also set the ports.`

function options() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        'relay-port': { type: 'string' },
        'mint-port': { type: 'string' },
        public: { type: 'boolean', default: false },
        data: { type: 'string', default: 'data' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : error}\n${USAGE}`)
  }
}

type Closer = () => Promise<void>

/** The app alone, with the relays of its built config.json. */
async function startPublic(appPort: number, closers: Closer[]): Promise<void> {
  if (!existsSync(join(DIST, 'config.json'))) {
    console.warn('Note: dist/config.json is missing; the app will not find its relays.')
  }
  const app = await onPort('app server', appPort, '--port N (or PORT=N)', () =>
    startAppServer({ port: appPort, distDir: DIST, config: null }),
  )
  closers.push(app.close)
  console.log(`\nPlume is running at ${app.url}  (public relays from dist/config.json)`)
  console.log('Stop with Ctrl+C.\n')
}

/** The world's persistent relays (seeded once with the demo world) and the app. */
async function startLocal(
  values: ReturnType<typeof options>,
  appPort: number,
  closers: Closer[],
): Promise<void> {
  const basePort = port(values['relay-port'] ?? process.env.RELAY_PORT, 7777, '--relay-port')
  if (basePort + WORLD_RELAY_COUNT - 1 > 65535) {
    throw new UsageError(
      `--relay-port must leave room for ${WORLD_RELAY_COUNT} relays (at most ${65536 - WORLD_RELAY_COUNT})`,
    )
  }
  const dataDir = resolve(process.cwd(), values.data)
  const relaysDir = join(dataDir, RELAYS_FOLDER)
  const recordFile = join(dataDir, 'demo-world.json')
  const shown = (path: string): string => {
    const near = relative(process.cwd(), path)
    return near === '' ? '.' : near.startsWith('..') ? path : near
  }
  const aside = moveSingleRelayWorldAside(dataDir)
  if (aside) {
    console.log(
      `The demo now runs many relays: the single-relay demo's files are kept in ${shown(aside)}/ and a new world is seeded.`,
    )
  }
  const relays = localWorldRelays(basePort)
  const origin = `http://127.0.0.1:${appPort}`
  const fresh = !namedRelays(relays).some((r) => existsSync(join(relaysDir, `${r.name}.jsonl`)))
  const record = fresh ? null : readSeedRecord(recordFile)
  const seed: SeedRecord = record ?? { origin, now: Math.floor(Date.now() / 1000) }
  if (record && record.origin !== origin) {
    console.warn(
      `Note: ${shown(relaysDir)}/ was seeded for ${record.origin}; its media links point ` +
        `there. Use --port ${new URL(record.origin).port}, or delete ${shown(dataDir)}/ to seed again.`,
    )
  }

  console.log(fresh ? 'Seeding the demo world (first start)…' : 'Loading the demo world…')
  // Regenerated on every start for media and NIP-05 (deterministic); events are seeded once.
  const world = await generateDemoWorld({ origin, now: seed.now, relays })
  mkdirSync(relaysDir, { recursive: true })
  const running = await startWorldRelays({ world, persistDir: relaysDir }).catch((error) => {
    const cause = error instanceof WorldRelayStartError ? error.cause : null
    if ((cause as { code?: unknown } | null)?.code === 'EADDRINUSE') {
      const { relay, port: taken } = error as WorldRelayStartError
      throw new UsageError(
        `Port ${taken} is already in use, so the ${relay} relay cannot start. The world's ` +
          `relays use ${basePort}–${basePort + WORLD_RELAY_COUNT - 1}: choose another first port ` +
          'with --relay-port N (or RELAY_PORT=N).',
      )
    }
    throw error
  })
  closers.push(running.close)
  if (fresh) writeFileSync(recordFile, `${JSON.stringify(seed)}\n`)

  // Everyone's lightning address (name@this host): invoices from a fake Lightning node, receipts
  // signed by the key that signed the seeded ones, so old and new zaps count alike.
  const lnurl = createLnurlService({ nostrSecretKey: hexToBytes(demoZapper().secretKeyHex) })
  closers.push(async () => lnurl.close())
  const app = await onPort('app server', appPort, '--port N (or PORT=N)', () =>
    startAppServer({
      port: appPort,
      distDir: DIST,
      config: worldRuntimeConfig(world.relays),
      world,
      handle: lnurl.handle,
    }),
  )
  closers.push(app.close)
  // A Lightning wallet to connect in Settings (Nostr Wallet Connect), paying on the same fake
  // node that issues the demo's invoices. Its pairing code holds a secret: a file, not the log.
  // The same pairing on every start, so a connection the user saved still opens.
  const walletRelay = running.general[0]
  const wallet = await startNwcWallet({
    relayUrl: walletRelay.url,
    alias: 'Plume demo wallet',
    secrets: readWalletSecrets(dataDir) ?? undefined,
  })
  closers.push(wallet.close)
  keepWalletSecrets(dataDir, wallet.secrets)
  // A Cashu mint for the ecash wallet, on the same fake node: the demo wallet pays its invoices.
  // Its keys and books live in the data folder, so ecash deposited before a restart still counts.
  const mintPort = port(values['mint-port'] ?? process.env.MINT_PORT, 3338, '--mint-port')
  const mint = await onPort('mint', mintPort, '--mint-port N (or MINT_PORT=N)', () =>
    startMint({ port: mintPort, name: 'Plume demo mint', dataDir }),
  )
  closers.push(mint.stop)
  const walletFile = join(dataDir, 'demo-wallet.txt')
  writeFileSync(walletFile, `${wallet.pairingCode}\n`, { mode: 0o600 })
  console.log(`\nPlume is running at ${app.url}`)
  console.log(`  relays (events in ${shown(relaysDir)}/<name>.jsonl):`)
  const ROLES = {
    general: 'general, default pool',
    indexer: 'indexer: profiles, follows, relay lists',
    small: 'small: in some relay lists',
    'hint-only': 'hint-only: in no relay list, reached by hints',
  } as const
  for (const r of running.running) {
    const count = `${r.relay.events().length} events`
    console.log(`    ${r.relay.url}  ${r.name.padEnd(9)}  ${ROLES[r.role]}  (${count})`)
  }
  console.log(
    `  wallet:     pairing code in ${shown(walletFile)} (the same on every start, on general-a)`,
  )
  console.log(`  mint:       ${mint.url}  (Cashu; keys and ledger in ${shown(dataDir)}/)`)
  const demo = world.demoAccount
  // The demo account has notifications; its key stays out of logs like every secret.
  console.log(`  demo account: ${demo.name} (${demo.npub})`)
  console.log('Stop with Ctrl+C.\n')
}

async function main(): Promise<void> {
  const values = options()
  if (values.help) return console.log(USAGE)
  const appPort = port(values.port ?? process.env.PORT, 8080, '--port')
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new UsageError(`${DIST} is missing or incomplete: run npm run build first.`)
  }

  const closers: Closer[] = []
  const closeAll = async (): Promise<void> => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => {})
  }
  const shutdown = async (): Promise<void> => {
    console.log('\nStopping Plume…')
    await closeAll()
    process.exit(0)
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)

  try {
    if (values.public) await startPublic(appPort, closers)
    else await startLocal(values, appPort, closers)
  } catch (error) {
    await closeAll()
    throw error
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error)
  process.exit(1)
})
