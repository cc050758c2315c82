/**
 * The demo's data folder across versions. The single-relay demo kept its relay in relay.jsonl and
 * the inputs of its seed in demo-world.json; the many-relay world is a new world, so those files
 * are moved aside (never deleted: they may hold the user's own notes) and the world is seeded anew.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { NwcWalletSecrets } from './nwc-wallet.ts'

/** The files of the single-relay world, in the data folder. */
export const SINGLE_RELAY_FILES = ['relay.jsonl', 'demo-world.json'] as const

/** The folder the many-relay world keeps one file per relay in (`<name>.jsonl`). */
export const RELAYS_FOLDER = 'relays'

/** A folder name for files moved aside at `now`: old-2025-10-09T08-53-20. */
export const asideFolder = (now: Date): string =>
  `old-${now.toISOString().slice(0, 19).replace(/:/g, '-')}`

/**
 * Moves a single-relay world's files into `old-<timestamp>/`, when relay.jsonl is there. Returns
 * the folder they went to, or null when there was nothing to move.
 */
export function moveSingleRelayWorldAside(dataDir: string, now = new Date()): string | null {
  if (!existsSync(join(dataDir, 'relay.jsonl'))) return null
  const aside = join(dataDir, asideFolder(now))
  mkdirSync(aside, { recursive: true })
  for (const file of SINGLE_RELAY_FILES) {
    const from = join(dataDir, file)
    if (existsSync(from)) renameSync(from, join(aside, file))
  }
  return aside
}

/**
 * The demo wallet's secrets (nwc-wallet.ts), kept so that its pairing code, and a connection the
 * user saved with it, outlive a restart. Its balance starts anew.
 */
export const WALLET_SECRETS_FILE = 'demo-wallet-secrets.json'

const HEX_KEY = /^[0-9a-f]{64}$/

/** The kept secrets, or null when there are none or they are not two hex keys. */
export function readWalletSecrets(dataDir: string): NwcWalletSecrets | null {
  try {
    const kept: unknown = JSON.parse(readFileSync(join(dataDir, WALLET_SECRETS_FILE), 'utf8'))
    const { wallet, client } = (kept ?? {}) as Record<string, unknown>
    if (typeof wallet !== 'string' || typeof client !== 'string') return null
    return HEX_KEY.test(wallet) && HEX_KEY.test(client) ? { wallet, client } : null
  } catch {
    return null
  }
}

/** Keeps the secrets for the next start, readable by the user alone. */
export function keepWalletSecrets(dataDir: string, secrets: NwcWalletSecrets): void {
  writeFileSync(join(dataDir, WALLET_SECRETS_FILE), `${JSON.stringify(secrets)}\n`, { mode: 0o600 })
}
