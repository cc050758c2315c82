// A small BOLT 11 encoder: well-formed, correctly signed invoices for zap receipts, without a
// dependency. The mainnet "lnbc" prefix is deliberate: nostr-tools' getSatoshisAmountFromBolt11
// (and many clients) only parse amounts after "lnbc", and these invoices are never paid anyway.
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { bech32Encode, toWords, wordsToBytesPadded } from './bech32.ts'

export interface InvoiceInput {
  amountMsat: number
  /** unix seconds */
  timestamp: number
  paymentHash: Uint8Array
  paymentSecret: Uint8Array
  /** sha256 of the description; for zaps, of the zap request JSON */
  descriptionHash: Uint8Array
  expirySeconds: number
  /** the (fake) lightning node key that signs the invoice */
  nodeSecretKey: Uint8Array
}

/** amount part of the human-readable prefix, in the largest unit that keeps it whole */
export function encodeAmount(msat: number): string {
  if (msat % 100_000_000 === 0) return `${msat / 100_000_000}m`
  if (msat % 100_000 === 0) return `${msat / 100_000}u`
  if (msat % 100 === 0) return `${msat / 100}n`
  return `${msat * 10}p`
}

function intWords(value: number, minWords = 1): number[] {
  const out: number[] = []
  let v = value
  while (v > 0) {
    out.unshift(v % 32)
    v = Math.floor(v / 32)
  }
  while (out.length < minWords) out.unshift(0)
  return out
}

function tagged(type: number, data: number[]): number[] {
  return [type, ...intWords(data.length, 2), ...data]
}

export function encodeInvoice(input: InvoiceInput): string {
  const hrp = `lnbc${encodeAmount(input.amountMsat)}`
  const words = [
    ...intWords(input.timestamp, 7),
    ...tagged(1, toWords(input.paymentHash)), // p: payment hash
    ...tagged(16, toWords(input.paymentSecret)), // s: payment secret
    ...tagged(23, toWords(input.descriptionHash)), // h: description hash
    ...tagged(6, intWords(input.expirySeconds)), // x: expiry
    ...tagged(24, intWords(18)), // c: min_final_cltv_expiry_delta
    ...tagged(5, intWords((1 << 14) | (1 << 8))), // 9: features var_onion_optin + payment_secret
  ]
  const message = new Uint8Array([...utf8ToBytes(hrp), ...wordsToBytesPadded(words)])
  // BOLT 11 wants r || s || recovery id; noble's "recovered" format puts the id first
  const recovered = secp256k1.sign(message, input.nodeSecretKey, {
    prehash: true,
    format: 'recovered',
  })
  const signature = new Uint8Array(65)
  signature.set(recovered.subarray(1), 0)
  signature[64] = recovered[0] ?? 0
  return bech32Encode(hrp, [...words, ...toWords(signature)])
}

export const sha256Hex = (text: string): Uint8Array => sha256(utf8ToBytes(text))
