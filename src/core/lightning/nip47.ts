/**
 * NIP-47 (Nostr Wallet Connect) messages, pure: the event kinds, the encryption a wallet service
 * offers in its info event, request and response shapes, error codes and the texts shown when a
 * call fails (spec §7, §8). The socket and the crypto live in src/actors/lightning/nwc-client.ts.
 */

export const NIP47_INFO_KIND = 13194
export const NIP47_REQUEST_KIND = 23194
export const NIP47_RESPONSE_KIND = 23195

export type Nip47Method =
  | 'pay_invoice'
  | 'get_balance'
  | 'get_info'
  | 'list_transactions'
  | 'make_invoice'

/** NIP-44 v2 where the service's info event offers it (spec README), NIP-04 otherwise. */
export type Nip47Encryption = 'nip44_v2' | 'nip04'

/** NIP-47's error codes; a service may send others, which are shown as they come. */
export const NIP47_ERROR_CODES = [
  'RATE_LIMITED',
  'NOT_IMPLEMENTED',
  'INSUFFICIENT_BALANCE',
  'QUOTA_EXCEEDED',
  'RESTRICTED',
  'UNAUTHORIZED',
  'INTERNAL',
  'UNSUPPORTED_ENCRYPTION',
  'PAYMENT_FAILED',
  'NOT_FOUND',
  'OTHER',
] as const

// Texts of spec §8.
export const METHOD_FAILED: Record<Nip47Method, string> = {
  pay_invoice: 'Payment failed',
  get_balance: 'Failed to get balance',
  get_info: 'Failed to get info',
  list_transactions: 'Failed to list transactions',
  make_invoice: 'Failed to make invoice',
}
/** The code of a reply that cannot be decrypted or is not JSON (spec §8). */
export const FAILED_TO_PARSE_RESPONSE = 'failed_to_parse_response'
export const MAKE_INVOICE_UNSUPPORTED = 'This NWC wallet does not support making invoices'
export const requestTimedOut = (ms: number) => `Request timed out after ${ms}ms`

/** A failed call: the service's error code (or ours) and the text to show. */
export class Nip47Error extends Error {
  override name = 'Nip47Error'
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

interface InfoEvent {
  content: string
  tags: string[][]
}

/** The encryption to use with a service, from its info event (kind 13194); NIP-04 without one. */
export function chooseEncryption(info: InfoEvent | null): Nip47Encryption {
  const offered = info?.tags.find((tag) => tag[0] === 'encryption')?.[1]?.split(/\s+/) ?? []
  return offered.includes('nip44_v2') ? 'nip44_v2' : 'nip04'
}

/** The methods the info event lists (space-separated content). */
export function infoMethods(info: InfoEvent | null): string[] {
  return info?.content.split(/\s+/).filter((method) => method !== '') ?? []
}

/** Tags of a request event: the wallet, and the encryption when it is not NIP-04's default. */
export function requestTags(walletPubkey: string, encryption: Nip47Encryption): string[][] {
  const tags = [['p', walletPubkey]]
  if (encryption === 'nip44_v2') tags.push(['encryption', 'nip44_v2'])
  return tags
}

export function requestContent(method: Nip47Method, params: Record<string, unknown>): string {
  return JSON.stringify({ method, params })
}

/** Results, as the spec reads them (§7). */
export interface PayResult {
  preimage: string
}
export interface BalanceResult {
  /** Millisats, as the service sends it. */
  balance: number
}
export interface InfoResult {
  alias: string
  pubkey: string
  methods: string[]
  lud16: string | null
}
export interface InvoiceResult {
  invoice: string
  preimage: string | null
}
export interface Transaction {
  /** Tells transactions apart; empty when the service sent none. */
  paymentHash: string
  type: 'incoming' | 'outgoing'
  /** Millisats. */
  amount: number
  description: string
  createdAt: number
  settledAt: number | null
  state: string | null
}
export interface ResultOf {
  pay_invoice: PayResult
  get_balance: BalanceResult
  get_info: InfoResult
  list_transactions: Transaction[]
  make_invoice: InvoiceResult
}

type Fields = Record<string, unknown>
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

function readResult<M extends Nip47Method>(method: M, result: unknown): ResultOf[M] | null {
  if (!isFields(result)) return null
  const read: { [K in Nip47Method]: () => ResultOf[K] | null } = {
    pay_invoice: () => (text(result.preimage) ? { preimage: text(result.preimage) } : null),
    get_balance: () => {
      const balance = number(result.balance)
      return balance === null ? null : { balance }
    },
    get_info: () => ({
      alias: text(result.alias),
      pubkey: text(result.pubkey),
      methods: Array.isArray(result.methods)
        ? result.methods.filter((m) => typeof m === 'string')
        : [],
      lud16: text(result.lud16) || null,
    }),
    make_invoice: () =>
      text(result.invoice)
        ? { invoice: text(result.invoice), preimage: text(result.preimage) || null }
        : null,
    list_transactions: () => {
      if (!Array.isArray(result.transactions)) return null
      return result.transactions.filter(isFields).map((t) => ({
        paymentHash: text(t.payment_hash),
        type: t.type === 'incoming' ? 'incoming' : 'outgoing',
        amount: number(t.amount) ?? 0,
        description: text(t.description),
        createdAt: number(t.created_at) ?? 0,
        settledAt: number(t.settled_at),
        state: text(t.state) || null,
      }))
    },
  }
  return read[method]() as ResultOf[M] | null
}

/**
 * The result of a decrypted reply, or a Nip47Error: the service's code with its message (or the
 * method's text when it sent none), `failed_to_parse_response` for a reply that is not JSON, and
 * the method's text for a reply without the result the method promises.
 */
export function parseResponse<M extends Nip47Method>(method: M, plaintext: string): ResultOf[M] {
  let reply: unknown
  try {
    reply = JSON.parse(plaintext)
  } catch {
    throw new Nip47Error(FAILED_TO_PARSE_RESPONSE, FAILED_TO_PARSE_RESPONSE)
  }
  if (!isFields(reply)) throw new Nip47Error(FAILED_TO_PARSE_RESPONSE, FAILED_TO_PARSE_RESPONSE)
  if (isFields(reply.error)) {
    const code = text(reply.error.code) || 'OTHER'
    throw new Nip47Error(code, errorText(method, code, text(reply.error.message)))
  }
  const result = readResult(method, reply.result)
  if (result === null) throw new Nip47Error('OTHER', METHOD_FAILED[method])
  return result
}

/** 'Insufficient balance (INSUFFICIENT_BALANCE)'; the method's text when the service gave none. */
export function errorText(method: Nip47Method, code: string, message: string): string {
  return `${message.trim() || METHOD_FAILED[method]} (${code})`
}

/** Millisats as whole sats, as shown (spec §7: balance divided by 1000). */
export const msatToSats = (msat: number): number => Math.floor(msat / 1000)
export const satsToMsat = (sats: number): number => sats * 1000
