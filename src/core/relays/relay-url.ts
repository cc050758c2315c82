/**
 * Relay URLs (spec §5): one normal form everywhere, so a relay typed three ways is one relay.
 * Trimmed; `wss://` added when the scheme is missing; `ws://` upgraded to `wss://` except for
 * loopback hosts (localhost, 127.0.0.0/8, [::1]), which keep `ws://`; host lowercased; hash
 * stripped (it never reaches the relay); trailing slash dropped. Only ws and wss are relays.
 */

import { isLoopbackHost } from '../platform/loopback.ts'
export const RELAY_URL_REQUIRED = 'Please enter a relay URL'
export const RELAY_URL_INVALID = 'Invalid relay URL'
export const RELAY_ALREADY_ADDED = 'This relay is already added'
/** The dynamic relay manager never adds these (spec §6, its blacklist): nor does the add field. */
export const RELAY_BLACKLISTED = 'This relay is blacklisted'

/** Why a relay URL is not usable: the spec's 'Invalid relay URL', then what is wrong. */
export const RELAY_URL_PROBLEMS = {
  spaces: `${RELAY_URL_INVALID}: it contains spaces`,
  scheme: (scheme: string) =>
    `${RELAY_URL_INVALID}: ${scheme}// is not a relay address, relays start with wss://`,
  noHost: `${RELAY_URL_INVALID}: there is no host name`,
  host: (host: string) => `${RELAY_URL_INVALID}: "${host}" is not a valid host name`,
  port: `${RELAY_URL_INVALID}: the port must be a number from 1 to 65535`,
  credentials: `${RELAY_URL_INVALID}: a relay URL has no user name or password`,
} as const

/** Said when an added `ws://` relay is kept as `wss://` (README decisions: ws only on loopback). */
export const relayUpgradedNotice = (url: string) =>
  `Changed to ${url}: plain ws:// is only allowed on this device`

/** A scheme is letters then `:`; `host:7777` (a digit after the colon) is a port, not a scheme. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i
/** A bracketed IPv6 literal, or dot-separated labels with no empty label. */
const HOSTNAME = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(\.[a-z0-9_-]+)*)$/
/** The authority's host as typed: after any `user@`, before any `:port`. */
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/*([^/?#]*)/i
const PORT = /:(\d*)$/

/** Why a URL that did not parse is not one, from the host and port as typed. */
function unparsedProblem(withScheme: string): string {
  const authority = AUTHORITY.exec(withScheme)?.[1] ?? ''
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1)
  const port = PORT.exec(hostAndPort)
  const host = port ? hostAndPort.slice(0, port.index) : hostAndPort
  if (host === '') return RELAY_URL_PROBLEMS.noHost
  if (port && Number(port[1]) > 65535) return RELAY_URL_PROBLEMS.port
  return RELAY_URL_PROBLEMS.host(host)
}

/** Parses and upgrades a relay URL; what is wrong with it when it is not a usable ws or wss URL. */
function checkRelayUrl(input: string): URL | string {
  if (typeof input !== 'string') return RELAY_URL_INVALID
  const trimmed = input.trim()
  if (trimmed === '') return RELAY_URL_REQUIRED
  if (/\s/.test(trimmed)) return RELAY_URL_PROBLEMS.spaces
  const withScheme = HAS_SCHEME.test(trimmed) ? trimmed : `wss://${trimmed}`
  const scheme = HAS_SCHEME.exec(withScheme)?.[0].toLowerCase() ?? ''
  if (scheme !== 'ws:' && scheme !== 'wss:') return RELAY_URL_PROBLEMS.scheme(scheme)
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return unparsedProblem(withScheme)
  }
  // Credentials in a relay URL only serve to disguise the host (wss://relay.example@evil.test).
  if (url.username !== '' || url.password !== '') return RELAY_URL_PROBLEMS.credentials
  if (!HOSTNAME.test(url.hostname)) return RELAY_URL_PROBLEMS.host(url.hostname)
  if (url.protocol === 'ws:' && !isLoopbackHost(url.hostname)) url.protocol = 'wss:'
  url.hash = ''
  return url
}

/** Parses and upgrades a relay URL; null when it is not a usable ws or wss URL. */
function parseRelayUrl(input: string): URL | null {
  const checked = checkRelayUrl(input)
  return typeof checked === 'string' ? null : checked
}

/** The normal form of a parsed relay URL. */
const normalForm = (url: URL): string =>
  `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}`

/** The normal form, without a trailing slash: `wss://relay.example.com`, `wss://host/path`. */
export function normalizeRelayUrl(input: string): string | null {
  const url = parseRelayUrl(input)
  return url && normalForm(url)
}

/** The second variant (§5): the same normal form with a trailing slash on the path. */
/** The same relay, however each URL is spelled (a hub's spelling, a list's). */
export const sameRelayUrl = (a: string, b: string): boolean =>
  (normalizeRelayUrl(a) ?? a) === (normalizeRelayUrl(b) ?? b)

export function normalizeRelayUrlWithSlash(input: string): string | null {
  const url = parseRelayUrl(input)
  if (!url) return null
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
  return `${url.protocol}//${url.host}${path}${url.search}`
}

/** Normalised, in order of first appearance; invalid URLs and duplicates dropped. */
export function normalizeRelayUrls(list: readonly string[]): string[] {
  const seen = new Set<string>()
  for (const input of list) {
    const url = normalizeRelayUrl(input)
    if (url !== null) seen.add(url)
  }
  return [...seen]
}

/** True for relays on this machine: localhost, 127.0.0.0/8 and [::1]. */
export function isLoopbackRelay(url: string): boolean {
  const parsed = parseRelayUrl(url)
  return parsed !== null && isLoopbackHost(parsed.hostname)
}

/**
 * Where the NIP-11 information document lives: the relay URL with https instead of wss. A ws
 * URL survives normalisation only on loopback, and there it becomes http (spec decisions).
 */
export function relayHttpUrl(url: string): string | null {
  const normalized = normalizeRelayUrlWithSlash(url)
  if (normalized === null) return null
  return normalized.startsWith('ws://')
    ? `http://${normalized.slice('ws://'.length)}`
    : `https://${normalized.slice('wss://'.length)}`
}

export type NewRelayResult = { url: string; notice?: string } | { error: string }

/**
 * The add-relay field (§5): required, must parse as ws or wss (else what is wrong with it), must
 * not already be listed nor blacklisted. A ws:// URL kept as wss:// comes with a notice.
 */
export function validateNewRelay(
  input: string,
  existing: readonly string[],
  blacklist: readonly string[] = [],
): NewRelayResult {
  const checked = checkRelayUrl(input)
  if (typeof checked === 'string') return { error: checked }
  const url = normalForm(checked)
  if (normalizeRelayUrls(existing).includes(url)) return { error: RELAY_ALREADY_ADDED }
  if (normalizeRelayUrls(blacklist).includes(url)) return { error: RELAY_BLACKLISTED }
  const upgraded = /^ws:/i.test(input.trim()) && checked.protocol === 'wss:'
  return upgraded ? { url, notice: relayUpgradedNotice(url) } : { url }
}
