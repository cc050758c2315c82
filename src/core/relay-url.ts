/**
 * Relay URLs (spec §5): one normal form everywhere, so a relay typed three ways is one relay.
 * Trimmed; `wss://` added when the scheme is missing; `ws://` upgraded to `wss://` except for
 * loopback hosts (localhost, 127.0.0.0/8, [::1]), which keep `ws://`; host lowercased; hash
 * stripped (it never reaches the relay); trailing slash dropped. Only ws and wss are relays.
 */

import { isLoopbackHost } from './loopback.ts'
export const RELAY_URL_REQUIRED = 'Please enter a relay URL'
export const RELAY_URL_INVALID = 'Invalid relay URL'
export const RELAY_ALREADY_ADDED = 'This relay is already added'

/** A scheme is letters then `:`; `host:7777` (a digit after the colon) is a port, not a scheme. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i
/** A bracketed IPv6 literal, or dot-separated labels with no empty label. */
const HOSTNAME = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(\.[a-z0-9_-]+)*)$/

/** Parses and upgrades a relay URL; null when it is not a usable ws or wss URL. */
function parseRelayUrl(input: string): URL | null {
  if (typeof input !== 'string') return null
  const trimmed = input.trim()
  if (trimmed === '') return null
  let url: URL
  try {
    url = new URL(HAS_SCHEME.test(trimmed) ? trimmed : `wss://${trimmed}`)
  } catch {
    return null
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return null
  // Credentials in a relay URL only serve to disguise the host (wss://relay.example@evil.test).
  if (url.username !== '' || url.password !== '') return null
  if (!HOSTNAME.test(url.hostname)) return null
  if (url.protocol === 'ws:' && !isLoopbackHost(url.hostname)) url.protocol = 'wss:'
  url.hash = ''
  return url
}

/** The normal form, without a trailing slash: `wss://relay.example.com`, `wss://host/path`. */
export function normalizeRelayUrl(input: string): string | null {
  const url = parseRelayUrl(input)
  if (!url) return null
  const path = url.pathname.replace(/\/+$/, '')
  return `${url.protocol}//${url.host}${path}${url.search}`
}

/** The second variant (§5): the same normal form with a trailing slash on the path. */
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

export type NewRelayResult = { url: string } | { error: string }

/** The add-relay field (§5): required, must parse as ws or wss, must not already be listed. */
export function validateNewRelay(input: string, existing: readonly string[]): NewRelayResult {
  if (input.trim() === '') return { error: RELAY_URL_REQUIRED }
  const url = normalizeRelayUrl(input)
  if (url === null) return { error: RELAY_URL_INVALID }
  if (normalizeRelayUrls(existing).includes(url)) return { error: RELAY_ALREADY_ADDED }
  return { url }
}
