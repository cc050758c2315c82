/**
 * The description hash (`h` field) of a BOLT 11 invoice: what a zap invoice must commit to, the
 * sha256 of the zap request (NIP-57). Only the tagged fields are walked; the signature is left to
 * the wallet that pays.
 */
import { bech32 } from '@scure/base'

/** Invoices are longer than bech32's usual 90 characters. */
const INVOICE_LIMIT = 7089
const TIMESTAMP_WORDS = 7
/** 65-byte signature with recovery id: 520 bits, 104 five-bit words. */
const SIGNATURE_WORDS = 104
const DESCRIPTION_HASH_TYPE = 23
const HASH_WORDS = 52

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

/** The invoice's description hash as lowercase hex; null when it has none or does not parse. */
export function bolt11DescriptionHash(invoice: string): string | null {
  const decoded = bech32.decodeUnsafe(invoice.trim().toLowerCase(), INVOICE_LIMIT)
  if (!decoded?.prefix.startsWith('ln')) return null
  const { words } = decoded
  const end = words.length - SIGNATURE_WORDS
  let at = TIMESTAMP_WORDS
  while (at + 3 <= end) {
    const type = words[at]!
    const length = words[at + 1]! * 32 + words[at + 2]!
    const start = at + 3
    if (start + length > end) return null
    if (type === DESCRIPTION_HASH_TYPE && length === HASH_WORDS) {
      // 52 words are 260 bits: the 4 padding bits at the end are dropped.
      const bytes = bech32.fromWordsUnsafe(words.slice(start, start + length))
      return bytes ? toHex(bytes) : null
    }
    at = start + length
  }
  return null
}
