/**
 * The amount a BOLT 11 invoice asks for, read from its human-readable part: `ln`, the currency
 * prefix, then an optional amount in bitcoin with a multiplier (m milli, u micro, n nano, p pico).
 * Nothing else of the invoice is decoded; its signature is the payer's wallet's business.
 */

const MSAT_PER_BTC = 100_000_000_000n
/** Millisatoshis per unit of each multiplier; pico is a tenth of one, handled apart. */
const MSAT_PER_UNIT: Readonly<Record<string, bigint>> = {
  m: 100_000_000n,
  u: 100_000n,
  n: 100n,
}

// bcrt before bc and tbs before tb: the longer prefix first.
const HRP = /^ln(?:bcrt|bc|tbs|tb|sb)(?:([1-9]\d*)([munp])?)?$/

/** Millisatoshis the invoice asks for; null when it names no amount or does not parse. */
export function bolt11AmountMsat(invoice: string): number | null {
  const text = invoice.trim().toLowerCase()
  // The data part of bech32 has no '1': the last one separates it from the prefix.
  const separator = text.lastIndexOf('1')
  if (separator < 1) return null
  const match = HRP.exec(text.slice(0, separator))
  if (!match?.[1]) return null
  const value = BigInt(match[1])
  const multiplier = match[2]
  let msat: bigint
  if (multiplier === 'p') {
    // BOLT 11: a pico amount that is not a whole number of millisatoshis is invalid.
    if (value % 10n !== 0n) return null
    msat = value / 10n
  } else {
    msat = value * (multiplier ? MSAT_PER_UNIT[multiplier]! : MSAT_PER_BTC)
  }
  return msat <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(msat) : null
}
