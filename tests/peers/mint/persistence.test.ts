/**
 * The demo mint with a data folder: its keys and books survive a restart, so ecash it signed
 * stays spendable, and ecash spent before stays spent.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Proof, sumProofs, Wallet } from '@cashu/cashu-ts'
import { afterEach, describe, expect, it } from 'vitest'
import { createFakeLightning } from '../fake-lightning.ts'
import { type MintHandle, startMint } from './server.ts'

const lightning = createFakeLightning()
const dirs: string[] = []
let running: MintHandle | undefined

afterEach(async () => {
  await running?.stop()
  running = undefined
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'plume-mint-'))
  dirs.push(dir)
  return dir
}

// A restarted mint listens on a new port: the client's pooled connections to the old one are
// gone, and its proofs name a keyset, not a port.
async function start(dir: string | undefined): Promise<MintHandle> {
  running = await startMint({ lightning, dataDir: dir })
  return running
}

async function walletOf(mint: MintHandle): Promise<Wallet> {
  const wallet = new Wallet(mint.url)
  await wallet.loadMint()
  return wallet
}

async function deposit(mint: MintHandle, amount: number): Promise<Proof[]> {
  const wallet = await walletOf(mint)
  const quote = await wallet.createMintQuoteBolt11(amount)
  mint.payMintQuote(quote.quote)
  return wallet.mintProofsBolt11(amount, quote.quote)
}

describe('demo mint with a data folder', () => {
  it('keeps its keys and books across a restart: unspent proofs swap, spent ones stay spent', async () => {
    const dir = dataDir()
    const first = await start(dir)
    const keysetId = first.ledger.keysets[0]?.id
    const proofs = await deposit(first, 100)
    const { keep, send } = await (await walletOf(first)).send(40, proofs)
    await first.stop()
    running = undefined

    const second = await start(dir)
    expect(second.ledger.keysets[0]?.id).toBe(keysetId)
    const wallet = await walletOf(second)
    // The send swapped some of the deposited proofs (spent) and kept the others as they were.
    const held = new Set([...keep, ...send].map((p) => p.secret))
    const swapped = proofs.filter((p) => !held.has(p.secret))
    expect(swapped.length).toBeGreaterThan(0)
    const states = await wallet.checkProofsStates([...keep, ...send, ...swapped])
    expect(states.map((s) => s.state)).toEqual([
      ...keep.map(() => 'UNSPENT'),
      ...send.map(() => 'UNSPENT'),
      ...swapped.map(() => 'SPENT'),
    ])
    const received = await wallet.receive(send)
    expect(sumProofs(received).toNumber()).toBe(40)
    await expect(wallet.receive(swapped)).rejects.toThrow('Token already spent.')
  })

  it('remembers the quotes it issued: an issued quote cannot mint twice after a restart', async () => {
    const dir = dataDir()
    const first = await start(dir)
    const wallet = await walletOf(first)
    const quote = await wallet.createMintQuoteBolt11(8)
    first.payMintQuote(quote.quote)
    await wallet.mintProofsBolt11(8, quote.quote)
    await first.stop()
    running = undefined

    const again = await walletOf(await start(dir))
    expect((await again.checkMintQuoteBolt11(quote.quote)).state).toBe('ISSUED')
    await expect(again.mintProofsBolt11(8, quote.quote)).rejects.toThrow('quote already issued')
  })

  it('writes through a temporary file, leaving only its state file behind', async () => {
    const dir = dataDir()
    await deposit(await start(dir), 16)
    expect(readdirSync(dir)).toEqual(['mint.json'])
  })

  it('without a data folder starts fresh each time and writes nothing', async () => {
    const first = await start(undefined)
    const keysetId = first.ledger.keysets[0]?.id
    await first.stop()
    const second = await start(undefined)
    expect(second.ledger.keysets[0]?.id).not.toBe(keysetId)
    expect(existsSync(join(process.cwd(), 'mint.json'))).toBe(false)
  })
})
