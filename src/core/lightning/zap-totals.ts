/**
 * A note's zap total from its kind 9735 receipts, counting only receipts that hold up under
 * NIP-57 appendix F: signed by the recipient's LNURL service (its `nostrPubkey`), for this note,
 * with an invoice whose amount equals the zap request's `amount` and whose description hash is
 * the sha256 of the zap request it carries.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { bolt11AmountMsat } from './bolt11-amount.ts'
import { bolt11DescriptionHash } from './bolt11-description.ts'
import { msatToSats, ZAP_RECEIPT_KIND, zapRequestOf } from './zap-receipt.ts'
import { descriptionHashOf } from './zap-request.ts'

export interface ZapTotal {
  /** Sum of the valid receipts' invoice amounts. */
  msat: number
  sats: number
  count: number
}

export interface ReceiptExpectation {
  /** The note zapped. */
  eventId: string
  /** The recipient's LNURL service key (NIP-57 appendix C). */
  nostrPubkey: string
}

const tagValue = (tags: readonly string[][], name: string): string | undefined =>
  tags.find((tag) => tag[0] === name)?.[1]

/** The receipt's paid amount in millisats when it is a valid zap of this note; else null. */
export function validZapAmountMsat(
  receipt: NostrEvent,
  expected: ReceiptExpectation,
): number | null {
  if (receipt.kind !== ZAP_RECEIPT_KIND || receipt.pubkey !== expected.nostrPubkey) return null
  if (tagValue(receipt.tags, 'e') !== expected.eventId) return null
  const request = zapRequestOf(receipt)
  if (!request || tagValue(request.tags, 'e') !== expected.eventId) return null
  const invoice = tagValue(receipt.tags, 'bolt11')
  const paid = invoice ? bolt11AmountMsat(invoice) : null
  if (!invoice || paid === null) return null
  const asked = tagValue(request.tags, 'amount')
  if (asked !== undefined && Number(asked) !== paid) return null
  const description = tagValue(receipt.tags, 'description') ?? ''
  if (bolt11DescriptionHash(invoice) !== descriptionHashOf(description)) return null
  return paid
}

/** The total of the valid receipts, each counted once. */
export function zapTotal(receipts: readonly NostrEvent[], expected: ReceiptExpectation): ZapTotal {
  const seen = new Set<string>()
  let msat = 0
  let count = 0
  for (const receipt of receipts) {
    if (seen.has(receipt.id)) continue
    seen.add(receipt.id)
    const amount = validZapAmountMsat(receipt, expected)
    if (amount === null) continue
    msat += amount
    count++
  }
  return { msat, sats: msatToSats(msat), count }
}
