/**
 * LNURL over HTTP (lightning-and-ecash §7): GET the pay parameters and the callback's invoice.
 * A network or HTTP failure rejects with the given message (the zap machine may retry it through
 * the user's CORS proxy); a service's answer is read by src/core, which throws its own texts.
 */
import {
  type LnurlPayParams,
  parseLnurlPayParams,
  viaCorsProxy,
} from '../../core/lightning/lnurl-pay.ts'
import { invoiceOf, ZAP_ERRORS } from '../../core/lightning/zap-request.ts'

export interface LnurlFetch {
  url: string
  /** Through this proxy (the user's setting), or directly when null. */
  proxy: string | null
  signal?: AbortSignal
}

/** The JSON a URL answers, or undefined when it could not be fetched or read. */
async function getJson({ url, proxy, signal }: LnurlFetch): Promise<unknown> {
  try {
    const response = await fetch(proxy ? viaCorsProxy(proxy, url) : url, {
      signal: signal ?? null,
      headers: { Accept: 'application/json' },
      // No cookies or referrer to a lightning service: it learns only what the request says.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    })
    const body: unknown = await response.json().catch(() => undefined)
    // LNURL services report refusals as {status: 'ERROR', reason}, whatever the HTTP status.
    if (!response.ok && !(typeof body === 'object' && body && 'reason' in body)) return undefined
    return body
  } catch {
    return undefined
  }
}

export async function fetchPayParams(request: LnurlFetch): Promise<LnurlPayParams> {
  const body = await getJson(request)
  if (body === undefined) throw new Error(ZAP_ERRORS.resolve)
  return parseLnurlPayParams(body)
}

export async function fetchZapInvoice(request: LnurlFetch): Promise<string> {
  const body = await getJson(request)
  if (body === undefined) throw new Error(ZAP_ERRORS.invoice)
  return invoiceOf(body)
}
