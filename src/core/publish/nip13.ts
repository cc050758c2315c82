/**
 * Proof of work (NIP-13): the difficulty of an event id (its leading zero bits), the nonce tag
 * that commits to a target, the spec's validation messages (§5) and constants (§9), and which
 * difficulty a note is mined at: 16 bits unless the user saved another, raised to the highest
 * requirement of the relays written to, never above 24 (spec README, "proof-of-work difficulty").
 */

/** Spec §9: default bits when proof of work is on and the user saved no difficulty. */
export const DEFAULT_POW_BITS = 16
/** Spec §5: the difficulty input takes whole numbers 1 to 24; §9 caps relay requirements at 24. */
export const MIN_POW_BITS = 1
export const MAX_POW_BITS = 24
/** Spec §9: a worker reports progress every 1024 hashes or 500 ms (see pow-api.ts for how). */
export const PROGRESS_EVERY_HASHES = 1024
export const PROGRESS_EVERY_MS = 500
/** Spec §9 and README: a worker without a progress report for 5 s is restarted. */
export const WORKER_TIMEOUT_MS = 5000
/** Spec §9: a finished session is removed after 5 s. */
export const FINISHED_SESSION_MS = 5000

/** Spec §5 and §8: the mining errors, word for word. */
export const POW_ERRORS = {
  invalidTargetBits: 'invalid targetBits',
  pubkeyRequired: 'pubkey required',
  aborted: 'aborted',
  workerTimeout: 'Worker timeout',
  /** The difficulty field (spec §5: integer 1 to 24); the spec gives no text of its own. */
  difficultyRange: `Difficulty must be a whole number from ${MIN_POW_BITS} to ${MAX_POW_BITS}`,
  /** After signing: the signer changed the event, or the signature does not hold. */
  signedEventInvalid: 'The signed event does not verify',
  signedEventTooWeak: 'The signed event lost its proof of work',
} as const

/** Leading zero bits of 32 bytes (NIP-13's count_leading_zero_bits). */
export function leadingZeroBits(hash: Uint8Array): number {
  let total = 0
  for (const byte of hash) {
    if (byte === 0) {
      total += 8
      continue
    }
    return total + Math.clz32(byte) - 24
  }
  return total
}

/** The difficulty of a hex event id: its leading zero bits (NIP-13's countLeadingZeroes). */
export function idDifficulty(id: string): number {
  let count = 0
  for (const char of id) {
    const nibble = Number.parseInt(char, 16)
    if (Number.isNaN(nibble)) break
    if (nibble !== 0) return count + Math.clz32(nibble) - 28
    count += 4
  }
  return count
}

/** NIP-13's tag: the counter, then the target the miner committed to. */
export const nonceTag = (counter: string, targetBits: number): string[] => [
  'nonce',
  counter,
  String(targetBits),
]

/** The target an event's nonce tag commits to, or null without one (or with an unreadable one). */
export function committedTarget(tags: readonly (readonly string[])[]): number | null {
  const tag = tags.find((t) => t[0] === 'nonce')
  const target = tag?.[2] === undefined ? Number.NaN : Number(tag[2])
  return Number.isInteger(target) ? target : null
}

/**
 * Spec §5: targetBits is a number of at least 1, else 'invalid targetBits'. Whole numbers only:
 * an id has whole leading zero bits, so 16.5 asks for something that cannot be committed to.
 */
export function targetBitsError(targetBits: unknown): string | null {
  return typeof targetBits === 'number' && Number.isInteger(targetBits) && targetBits >= 1
    ? null
    : POW_ERRORS.invalidTargetBits
}

export type DifficultyInput = { ok: true; bits: number } | { ok: false; error: string }

/** The settings field (spec §5): a whole number 1 to 24, spaces around ignored. */
export function parseDifficultyInput(text: string): DifficultyInput {
  const trimmed = text.trim()
  const bits = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
  return bits >= MIN_POW_BITS && bits <= MAX_POW_BITS
    ? { ok: true, bits }
    : { ok: false, error: POW_ERRORS.difficultyRange }
}

/** Spec §3: powEnabled is stored as 1 or true. */
export const readPowEnabled = (stored: string | null): boolean =>
  stored === 'true' || stored === '1'

/** A saved powTargetBits, or null when none is saved or it is not a valid difficulty. */
export function readSavedBits(stored: string | null): number | null {
  if (stored === null) return null
  const parsed = parseDifficultyInput(stored)
  return parsed.ok ? parsed.bits : null
}

/**
 * The difficulty a note is mined at (spec §9, README): the user's saved value or 16, raised to
 * the highest requirement among the relays (null: none), capped at 24.
 */
export function chooseTargetBits(
  saved: number | null,
  relayRequirements: readonly (number | null)[] = [],
): number {
  const relays = relayRequirements.filter((bits): bits is number => bits !== null && bits > 0)
  const wanted = Math.max(saved ?? DEFAULT_POW_BITS, ...relays)
  return Math.min(MAX_POW_BITS, Math.max(MIN_POW_BITS, Math.ceil(wanted)))
}

/** A relay written to and the proof of work its NIP-11 document asks for (null: none, unknown). */
export interface RelayPow {
  url: string
  bits: number | null
}

/** The relay asking for the most proof of work, the first of equals; null when none asks. */
export function strictestPowRelay(
  relays: readonly RelayPow[],
): { url: string; bits: number } | null {
  let strictest: { url: string; bits: number } | null = null
  for (const { url, bits } of relays) {
    if (bits !== null && (strictest === null || bits > strictest.bits)) strictest = { url, bits }
  }
  return strictest
}

/** Hashes a miner expects to try before an id with `bits` leading zero bits turns up. */
export const expectedHashes = (bits: number): number => 2 ** bits

/**
 * Progress in percent: the share of the expected work done, held at 99 until an id is found
 * (an unlucky session goes on past the expectation; only complete shows 100).
 */
export const miningProgress = (hashes: number, bits: number): number =>
  Math.min(99, Math.floor((100 * hashes) / expectedHashes(bits)))

/**
 * Seconds left at this rate while the expected work is not yet done, 0 once past it; null while
 * there is no rate to go by.
 */
export function estimatedSecondsLeft(
  hashes: number,
  bits: number,
  hashesPerSecond: number,
): number | null {
  if (!(hashesPerSecond > 0)) return null
  return Math.max(0, expectedHashes(bits) - hashes) / hashesPerSecond
}
