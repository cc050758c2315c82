/**
 * The demo mint's books on disk (`mint.json` in the data folder): the seed its keys come from and
 * what the ledger and the quotes hold, so ecash it signed stays valid, and spent ecash stays
 * spent, after a restart. Written whole to a temporary file, flushed, then renamed over the last
 * one: a crash mid-write leaves the previous state, never half a file.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import type { LedgerBooks } from './ledger.ts'
import type { QuoteBooks } from './quotes.ts'

export interface MintState {
  version: 1
  /** BIP-32 seed (hex) of the mint's keyset. */
  seed: string
  ledger: LedgerBooks
  quotes: QuoteBooks
}

export const MINT_STATE_FILE = 'mint.json'

/** The state kept in `dir`, or null before the first start; an unreadable file throws. */
export function readMintState(dir: string): MintState | null {
  const file = join(dir, MINT_STATE_FILE)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null
    throw error
  }
  const state = JSON.parse(text) as Partial<MintState>
  // New keys over an unreadable file would make every token it signed worthless: stop instead.
  if (state.version !== 1 || typeof state.seed !== 'string' || !state.ledger || !state.quotes) {
    throw new Error(`${file} is not a mint state file; move it away to start a new mint`)
  }
  return state as MintState
}

export function writeMintState(dir: string, state: MintState): void {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, MINT_STATE_FILE)
  const temp = `${file}.tmp`
  // The seed signs ecash: readable by its owner only.
  const fd = openSync(temp, 'w', 0o600)
  try {
    writeSync(fd, JSON.stringify(state))
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temp, file)
}
