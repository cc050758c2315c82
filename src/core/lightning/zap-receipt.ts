/**
 * NIP-57 zap receipts (kind 9735) as a reader sees them: who sent the zap, how much, with what
 * comment, on which note. The receipt is signed by the recipient's lightning service; the sender
 * is in the zap request (kind 9734) it embeds, JSON in its `description` tag.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { isEventShaped } from '../relays/nip01.ts'
import { bolt11AmountMsat } from './bolt11-amount.ts'

export const ZAP_REQUEST_KIND = 9734
export const ZAP_RECEIPT_KIND = 9735

const HEX64 = /^[0-9a-f]{64}$/

type Receipt = Pick<NostrEvent, 'pubkey' | 'tags'>

const tagValue = (tags: readonly string[][], name: string): string | undefined =>
  tags.find((tag) => tag[0] === name)?.[1]

/** The zap request the receipt carries, when its description is one. */
export function zapRequestOf(receipt: Receipt): NostrEvent | null {
  const description = tagValue(receipt.tags, 'description')
  if (!description) return null
  try {
    const value: unknown = JSON.parse(description)
    return isEventShaped(value) && value.kind === ZAP_REQUEST_KIND ? value : null
  } catch {
    return null
  }
}

/**
 * Who zapped: the zap request's author when it parses, else the receipt's `P` tag (NIP-57:
 * the sender's pubkey), else the receipt's own signer as the last thing known.
 */
export function zapSender(receipt: Receipt): string {
  const request = zapRequestOf(receipt)
  if (request) return request.pubkey
  const sender = tagValue(receipt.tags, 'P')
  return sender && HEX64.test(sender) ? sender : receipt.pubkey
}

/**
 * Millisatoshis paid: the invoice's amount (what was actually paid), else the amount the zap
 * request asked for; null when neither says.
 */
export function zapAmountMsat(receipt: Receipt): number | null {
  const invoice = tagValue(receipt.tags, 'bolt11')
  const paid = invoice ? bolt11AmountMsat(invoice) : null
  if (paid !== null) return paid
  const asked = Number(tagValue(zapRequestOf(receipt)?.tags ?? [], 'amount'))
  return Number.isSafeInteger(asked) && asked > 0 ? asked : null
}

/** Whole satoshis of a millisatoshi amount. */
export const msatToSats = (msat: number): number => Math.floor(msat / 1000)

/** The sender's comment (the zap request's content), empty when none. */
export const zapComment = (receipt: Receipt): string => zapRequestOf(receipt)?.content.trim() ?? ''
