/**
 * LNURL pay (LUD-06, LUD-16) for zaps: where a recipient's pay parameters live, what they must
 * say, and whether an amount and comment fit them, with the spec's texts (lightning-and-ecash
 * §5, §7). A lightning address resolves to `https://{domain}/.well-known/lnurlp/{name}`; loopback
 * hosts may use http (spec decisions).
 */
import { bech32 } from '@scure/base'
import { decodeLnurl, LNURL_BECH32_LIMIT, LNURL_ERRORS, lud16Problem } from '../people/lnurl.ts'
import { isLoopbackHost } from '../platform/loopback.ts'

export const LNURL_PAY_ERRORS = {
  ...LNURL_ERRORS,
  noAddress: 'Recipient does not have a Lightning address',
  params: 'Invalid LNURL pay parameters',
  noNostr: 'This LNURL endpoint does not allow Nostr zaps',
  belowMinimum: (sats: number) => `Amount below minimum: ${sats} sats`,
  aboveMaximum: (sats: number) => `Amount above maximum: ${sats} sats`,
  commentTooLong: (max: number) => `Comment too long: max ${max} characters`,
} as const

/** Millisats equal sats times 1000 (§9). */
export const MSAT_PER_SAT = 1000

/** LUD-06 pay parameters as the spec's entity names them (§3), plus NIP-57's nostrPubkey. */
export interface LnurlPayParams {
  callback: string
  minSendable: number
  maxSendable: number
  /** 0: the endpoint takes no comment parameter (LUD-12). */
  commentAllowed: number
  allowsNostr: boolean
  /** The key that signs this endpoint's zap receipts (NIP-57 appendix C); null when absent. */
  nostrPubkey: string | null
}

/** Where a recipient's pay parameters are fetched, and the bech32 LNURL naming that place. */
export interface LnurlPayTarget {
  url: string
  lnurl: string
}

const HEX64 = /^[0-9a-f]{64}$/

/** The LNURL (bech32, `lnurl` prefix, 2048 limit) that encodes this URL. */
export const encodeLnurl = (url: string): string =>
  bech32.encode('lnurl', bech32.toWords(new TextEncoder().encode(url)), LNURL_BECH32_LIMIT)

/** The LUD-16 well-known URL of a lightning address; throws 'Invalid LUD16 format'. */
export function lud16Url(address: string): string {
  const text = address.trim()
  if (lud16Problem(text)) throw new Error(LNURL_ERRORS.lud16)
  const at = text.lastIndexOf('@')
  const name = text.slice(0, at)
  const domain = text.slice(at + 1).toLowerCase()
  const scheme = isLoopbackHost(domain.replace(/:\d+$/, '')) ? 'http' : 'https'
  return `${scheme}://${domain}/.well-known/lnurlp/${encodeURIComponent(name)}`
}

/**
 * The pay target of a profile's lightning fields: its lightning address (lud16) first, else its
 * LNURL (lud06). Throws the spec's message: none given, or the one given is malformed.
 */
export function lnurlPayTarget(fields: { lud16?: string; lud06?: string }): LnurlPayTarget {
  const address = fields.lud16?.trim() ?? ''
  const lnurl = fields.lud06?.trim() ?? ''
  if (address) {
    const url = lud16Url(address)
    return { url, lnurl: encodeLnurl(url) }
  }
  if (lnurl) {
    const url = decodeLnurl(lnurl)
    return { url, lnurl: lnurl.replace(/^lightning:/i, '').toLowerCase() }
  }
  throw new Error(LNURL_PAY_ERRORS.noAddress)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** https, or http on a loopback host (spec decisions). */
export function isAllowedHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))
  } catch {
    return false
  }
}

/**
 * The pay parameters of a LUD-06 response: minSendable and maxSendable finite, above zero and
 * min not above max, a usable callback, else 'Invalid LNURL pay parameters' (§5). A service's
 * own `{status: 'ERROR', reason}` is reported with its reason.
 */
export function parseLnurlPayParams(body: unknown): LnurlPayParams {
  if (isRecord(body) && body.status === 'ERROR' && typeof body.reason === 'string') {
    throw new Error(body.reason)
  }
  if (!isRecord(body)) throw new Error(LNURL_PAY_ERRORS.params)
  const { callback, minSendable, maxSendable } = body
  if (
    typeof callback !== 'string' ||
    !isAllowedHttpUrl(callback) ||
    typeof minSendable !== 'number' ||
    typeof maxSendable !== 'number' ||
    !Number.isFinite(minSendable) ||
    !Number.isFinite(maxSendable) ||
    minSendable <= 0 ||
    maxSendable <= 0 ||
    minSendable > maxSendable
  ) {
    throw new Error(LNURL_PAY_ERRORS.params)
  }
  const comment = body.commentAllowed
  const pubkey = typeof body.nostrPubkey === 'string' ? body.nostrPubkey.toLowerCase() : ''
  return {
    callback,
    minSendable,
    maxSendable,
    commentAllowed:
      typeof comment === 'number' && Number.isFinite(comment) && comment > 0
        ? Math.floor(comment)
        : 0,
    allowsNostr: body.allowsNostr === true,
    nostrPubkey: HEX64.test(pubkey) ? pubkey : null,
  }
}

/**
 * Whether a zap of this many sats with this comment can go to this endpoint: null when it can,
 * else the spec's message (§5). An endpoint that allows Nostr but names no receipt key cannot
 * have its receipts checked (NIP-57 appendix F), so it counts as not allowing Nostr zaps.
 * The comment limit applies when the endpoint takes comments; otherwise the comment travels only
 * in the zap request, as NIP-57 has it.
 */
export function zapAmountProblem(
  params: LnurlPayParams,
  amountSats: number,
  comment: string,
): string | null {
  if (!params.allowsNostr || !params.nostrPubkey) return LNURL_PAY_ERRORS.noNostr
  const msat = amountSats * MSAT_PER_SAT
  if (!Number.isFinite(msat) || msat < params.minSendable) {
    return LNURL_PAY_ERRORS.belowMinimum(Math.ceil(params.minSendable / MSAT_PER_SAT))
  }
  if (msat > params.maxSendable) {
    return LNURL_PAY_ERRORS.aboveMaximum(Math.floor(params.maxSendable / MSAT_PER_SAT))
  }
  if (params.commentAllowed > 0 && comment.length > params.commentAllowed) {
    return LNURL_PAY_ERRORS.commentTooLong(params.commentAllowed)
  }
  return null
}

/**
 * The URL through the user's CORS proxy: the proxy's `{url}` placeholder replaced by the encoded
 * URL, or the encoded URL appended when the proxy has none (`https://proxy.example/?url=`).
 */
export function viaCorsProxy(proxy: string, url: string): string {
  const encoded = encodeURIComponent(url)
  return proxy.includes('{url}') ? proxy.replace('{url}', encoded) : `${proxy}${encoded}`
}

/** A CORS proxy setting: blank (none), or an https URL (loopback may use http). */
export function corsProxyProblem(input: string): string | null {
  const text = input.trim()
  if (!text) return null
  return isAllowedHttpUrl(text.replace('{url}', '')) ? null : CORS_PROXY_ERROR
}

export const CORS_PROXY_ERROR = 'CORS proxy must be an https URL'
