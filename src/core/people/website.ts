/**
 * A profile's website field as a link: only http and https (a `javascript:` or `data:` value
 * must never become a link). Many profiles write a bare domain (`example.com/blog`); that is read
 * as https. The label drops the scheme and a trailing slash, so it reads like an address.
 */

export interface WebsiteLink {
  href: string
  label: string
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i
/** A bare domain with a dot, then optionally a port and a path. */
const BARE_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#].*)?$/i

export function websiteLink(raw: string): WebsiteLink | null {
  const value = raw.trim()
  if (value === '' || /\s/.test(value)) return null
  const candidate = HAS_SCHEME.test(value)
    ? value
    : BARE_DOMAIN.test(value)
      ? `https://${value}`
      : null
  if (candidate === null) return null
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  // Credentials in a link only serve to disguise the host (https://bank.example@evil.test).
  if (url.username !== '' || url.password !== '') return null
  const label = `${url.host}${url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '')}${url.search}`
  return { href: url.href, label }
}
