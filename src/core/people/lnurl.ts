/**
 * LNURL (LUD-01) and lightning addresses (LUD-16) as a profile carries them (lud06, lud16):
 * checked before they are published, with the spec's texts (lightning-and-ecash §5). An LNURL is
 * bech32 of an https URL; the local demo's loopback hosts may use http (spec decisions).
 */

import { bech32 } from '@scure/base'
import { isLoopbackHost } from '../platform/loopback.ts'

/** Bech32 length limit for LNURL (§5, §9); 90 elsewhere. */
export const LNURL_BECH32_LIMIT = 2048

export const LNURL_ERRORS = {
  lud06: 'Invalid LUD06 format',
  https: 'LNURL must be https',
  lud16: 'Invalid LUD16 format',
} as const

/** The URL an LNURL encodes (a `lightning:` prefix allowed); throws with the spec's text. */
export function decodeLnurl(input: string): string {
  const text = input
    .trim()
    .replace(/^lightning:/i, '')
    .toLowerCase()
  let url: URL
  try {
    const { prefix, words } = bech32.decode(text as `${string}1${string}`, LNURL_BECH32_LIMIT)
    if (prefix !== 'lnurl') throw new Error('not lnurl')
    url = new URL(new TextDecoder('utf-8', { fatal: true }).decode(bech32.fromWords(words)))
  } catch {
    throw new Error(LNURL_ERRORS.lud06)
  }
  const loopback = url.protocol === 'http:' && isLoopbackHost(url.hostname)
  if (url.protocol !== 'https:' && !loopback) throw new Error(LNURL_ERRORS.https)
  return url.href
}

const ADDRESS = /^([a-z0-9._+-]+)@([a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?)$/i

/** A lightning address needs a name and a domain (§5); null when it has them. */
export function lud16Problem(input: string): string | null {
  const match = ADDRESS.exec(input.trim())
  if (!match) return LNURL_ERRORS.lud16
  const domain = match[2]!.replace(/:\d+$/, '')
  return domain.includes('.') || isLoopbackHost(domain) ? null : LNURL_ERRORS.lud16
}
