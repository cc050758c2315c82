/**
 * The demo's data folder across versions. The single-relay demo kept its relay in relay.jsonl and
 * the inputs of its seed in demo-world.json; the many-relay world is a new world, so those files
 * are moved aside (never deleted: they may hold the user's own notes) and the world is seeded anew.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs'
import { join } from 'node:path'

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
