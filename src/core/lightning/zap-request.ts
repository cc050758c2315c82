/**
 * The zap request (NIP-57 kind 9734) and the invoice fetched with it: the event's tags as the
 * spec lists them (lightning-and-ecash §3: relays, amount in millisats, lnurl, p, optional e,
 * client; the comment as content), the callback URL (§7), and the checks the invoice must pass
 * before anyone pays it. Messages of §8.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { withClientTag } from '../platform/nip89.ts'
import { bolt11AmountMsat } from './bolt11-amount.ts'
import { bolt11DescriptionHash } from './bolt11-description.ts'
import { MSAT_PER_SAT } from './lnurl-pay.ts'
import { ZAP_REQUEST_KIND } from './zap-receipt.ts'

export const ZAP_ERRORS = {
  noAddress: 'Recipient does not have a Lightning address',
  resolve: 'Failed to resolve Lightning address',
  resolveTimeout: 'Failed to resolve Lightning address - network timeout',
  sign: 'Failed to sign zap request',
  keyLocked: 'Key is locked. Please unlock your NSEC key with your passphrase to sign the zap.',
  invoiceTimeout: 'Failed to request payment invoice - network timeout',
  invoice: 'Failed to get payment request',
  noInvoice: 'No payment request received',
  paymentTimeout:
    'Payment request timed out. Please check your NWC wallet connection and try again.',
  send: 'Failed to send zap',
  // Not in the spec (§8 is silent on a service's wrong invoice): refused before paying.
  invoiceAmount: 'Invoice amount does not match the zap amount',
  invoiceHash: 'Invoice does not commit to the zap request',
} as const

/** Zap request parameters (§3). */
export interface ZapRequestParams {
  recipientPubkey: string
  amountSats: number
  comment: string
  /** The note zapped; null zaps the person. */
  eventId: string | null
}

export interface ZapRequestTemplate {
  kind: typeof ZAP_REQUEST_KIND
  tags: string[][]
  content: string
}

/** The unsigned zap request; the signer adds the author and the time. */
export function zapRequestTemplate(
  params: ZapRequestParams,
  target: { lnurl: string; relays: readonly string[] },
): ZapRequestTemplate {
  const tags: string[][] = [
    ['relays', ...target.relays],
    ['amount', String(params.amountSats * MSAT_PER_SAT)],
    ['lnurl', target.lnurl],
    ['p', params.recipientPubkey],
  ]
  if (params.eventId) tags.push(['e', params.eventId])
  return { kind: ZAP_REQUEST_KIND, tags: withClientTag(tags), content: params.comment }
}

/**
 * `{callback}?amount={msat}&nostr={signed request}&lnurl={lnurl}&comment={comment}` (§7, NIP-57
 * appendix B); the callback's own query is kept. The comment parameter goes only to an endpoint
 * that takes comments (LUD-12).
 */
export function zapCallbackUrl(
  callback: string,
  request: { json: string; amountMsat: number; lnurl: string; comment: string },
  commentAllowed: number,
): string {
  const url = new URL(callback)
  url.searchParams.set('amount', String(request.amountMsat))
  url.searchParams.set('nostr', request.json)
  url.searchParams.set('lnurl', request.lnurl)
  if (request.comment && commentAllowed > 0) url.searchParams.set('comment', request.comment)
  return url.href
}

/** The invoice (`pr`) of a callback's answer; a service's error reason or the spec's text. */
export function invoiceOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) throw new Error(ZAP_ERRORS.invoice)
  const record = body as Record<string, unknown>
  if (record.status === 'ERROR') {
    throw new Error(typeof record.reason === 'string' ? record.reason : ZAP_ERRORS.invoice)
  }
  if (typeof record.pr !== 'string' || !record.pr.trim()) throw new Error(ZAP_ERRORS.noInvoice)
  return record.pr.trim()
}

/** sha256 of the zap request JSON as sent, hex: what the invoice's description hash must be. */
export const descriptionHashOf = (json: string): string => bytesToHex(sha256(utf8ToBytes(json)))

/**
 * The invoice's problem, or null: it must ask for exactly the amount zapped and commit to the
 * zap request sent (NIP-57: its description hash is the request's sha256).
 */
export function invoiceProblem(
  invoice: string,
  expected: { amountMsat: number; descriptionHash: string },
): string | null {
  if (bolt11AmountMsat(invoice) !== expected.amountMsat) return ZAP_ERRORS.invoiceAmount
  if (bolt11DescriptionHash(invoice) !== expected.descriptionHash) return ZAP_ERRORS.invoiceHash
  return null
}
