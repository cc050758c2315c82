/**
 * A mint's details as the wallet shows them (spec §3, mint info; NUT-06): its own texts, kept as
 * given (untrusted: the view renders them as text), what it supports in plain words, and the
 * active keyset's input fee. Also the rule for removing a mint from the wallet.
 */

export interface MintContact {
  method: string
  info: string
}

export interface MintDetails {
  url: string
  name: string
  /** The long description when there is one, else the short one, else null. */
  description: string | null
  motd: string | null
  contact: MintContact[]
  version: string | null
  /** What the mint supports, in plain words (NUT number in brackets). */
  supports: string[]
  /** The active keyset's input fee, parts per thousand sats per input. */
  inputFeePpk: number
}

/** NUT-06 info as a mint sends it: loosely typed, since any field may be missing or malformed. */
export interface RawMintInfo {
  name?: unknown
  version?: unknown
  description?: unknown
  description_long?: unknown
  contact?: unknown
  motd?: unknown
  nuts?: unknown
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null

/** A NUT entry counts as supported when it says so (true, or a non-empty list) or is enabled. */
function supported(entry: unknown): boolean {
  if (!entry || typeof entry !== 'object') return false
  const e = entry as { supported?: unknown; disabled?: unknown; methods?: unknown }
  if (Array.isArray(e.supported)) return e.supported.length > 0
  if (e.supported === true) return true
  return Array.isArray(e.methods) && e.methods.length > 0 && e.disabled !== true
}

/** The features a wallet user cares about, in the order shown. */
const FEATURES: { nut: string; label: string }[] = [
  { nut: '4', label: 'Deposits by Lightning (NUT-04)' },
  { nut: '5', label: 'Payments by Lightning (NUT-05)' },
  { nut: '17', label: 'Deposits by websocket (NUT-17)' },
  { nut: '7', label: 'Checking whether ecash is spent (NUT-07)' },
  { nut: '8', label: 'Lightning fee change returned (NUT-08)' },
  // NUT-13 (deterministic secrets) is the wallet's side: restoring needs the mint's NUT-09.
  { nut: '9', label: 'Restore from phrase (NUT-09/13)' },
  { nut: '11', label: 'Locked ecash / nutzaps (NUT-11)' },
  { nut: '12', label: 'DLEQ proofs (NUT-12)' },
  { nut: '14', label: 'Hash time-locked ecash (NUT-14)' },
  { nut: '15', label: 'Multi-mint payments (NUT-15)' },
  { nut: '20', label: 'Signed deposit quotes (NUT-20)' },
]

/** The plain-words list of what the info's nuts map says the mint supports. */
export function supportLines(nuts: unknown): string[] {
  const map = nuts && typeof nuts === 'object' ? (nuts as Record<string, unknown>) : {}
  return FEATURES.filter((f) => supported(map[f.nut])).map((f) => f.label)
}

function contacts(value: unknown): MintContact[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((c) => {
    // NUT-06 has objects; older mints sent [method, info] pairs.
    const [method, info] = Array.isArray(c)
      ? [c[0], c[1]]
      : c && typeof c === 'object'
        ? [(c as MintContact).method, (c as MintContact).info]
        : [null, null]
    const m = text(method)
    const i = text(info)
    return m && i ? [{ method: m, info: i }] : []
  })
}

export function mintDetails(url: string, info: RawMintInfo, inputFeePpk: number): MintDetails {
  return {
    url,
    name: text(info.name) ?? url,
    description: text(info.description_long) ?? text(info.description),
    motd: text(info.motd),
    contact: contacts(info.contact),
    version: text(info.version),
    supports: supportLines(info.nuts),
    inputFeePpk: Number.isFinite(inputFeePpk) && inputFeePpk > 0 ? inputFeePpk : 0,
  }
}

export const feeText = (ppk: number): string =>
  ppk > 0 ? `fee: ${ppk} ppk per input` : 'fee: none per input'

export const REMOVE_MINT_ERRORS = {
  unknown: 'This mint is not in the wallet',
  balance: (sats: string) => `This mint still holds ${sats}: send or pay them out first`,
  busy: 'An operation with this mint is still running: wait for it to finish',
} as const

/** Deposits to `mint` still under way (no outcome yet): each holds the mint in the wallet. */
export const runningDeposits = (
  deposits: readonly { mint: string; outcome: unknown }[],
  mint: string,
): number => deposits.filter((deposit) => deposit.mint === mint && !deposit.outcome).length

/** Why the mint cannot be removed now, or null when it can: its balance 0 and nothing running. */
export function removalRefusal(state: {
  known: boolean
  balance: number
  /** Deposits waiting, journal entries (sends, payments, receives) not settled. */
  operations: number
}): string | null {
  if (!state.known) return REMOVE_MINT_ERRORS.unknown
  if (state.balance > 0) {
    return REMOVE_MINT_ERRORS.balance(`${state.balance.toLocaleString('en-US')} sats`)
  }
  if (state.operations > 0) return REMOVE_MINT_ERRORS.busy
  return null
}
