/**
 * NIP-05 identifiers (`name@domain`): where the document lives and whether it vouches for a
 * pubkey. The document is fetched from https://{domain}/.well-known/nostr.json?name={name}; a
 * loopback domain (localhost, 127.0.0.1) is asked over http, since nothing serves TLS there (the
 * local demo and the tests do). Only a document whose names map the name to the same pubkey
 * verifies; anything else is simply unverified.
 */

import { isLoopbackHost } from '../platform/loopback.ts'
export interface Nip05Address {
  /** The local part, lowercased (NIP-05: a-z0-9-_. only). */
  name: string
  /** host, or host:port, lowercased. */
  domain: string
}

const LOCAL_PART = /^[a-z0-9._-]+$/
/** Dot-separated labels, optional port: a host and nothing else (no path, no credentials). */
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/
const HEX64 = /^[0-9a-f]{64}$/i

const isLoopback = (domain: string): boolean => isLoopbackHost(domain.replace(/:\d+$/, ''))

/** The parts of a NIP-05 identifier; a bare domain means `_@domain`. Null when malformed. */
export function parseNip05(identifier: string): Nip05Address | null {
  const value = identifier.trim().toLowerCase()
  if (value === '') return null
  const at = value.lastIndexOf('@')
  const name = at === -1 ? '_' : value.slice(0, at)
  const domain = at === -1 ? value : value.slice(at + 1)
  if (!LOCAL_PART.test(name) || !DOMAIN.test(domain)) return null
  // A public domain has a dot; `localhost` has none and is allowed for the local demo.
  if (!domain.includes('.') && !isLoopback(domain)) return null
  return { name, domain }
}

/** The URL of the document that vouches for the address. */
export function nip05DocumentUrl({ name, domain }: Nip05Address): string {
  const scheme = isLoopback(domain) ? 'http' : 'https'
  return `${scheme}://${domain}/.well-known/nostr.json?name=${encodeURIComponent(name)}`
}

/** Whether the fetched document maps the address's name to this pubkey. */
export function nip05Verifies(document: unknown, address: Nip05Address, pubkey: string): boolean {
  if (typeof document !== 'object' || document === null) return false
  const names = (document as { names?: unknown }).names
  if (typeof names !== 'object' || names === null || Array.isArray(names)) return false
  // The local part is case-insensitive (NIP-05); some documents write names in upper case.
  const listed = Object.entries(names).find(([name]) => name.toLowerCase() === address.name)?.[1]
  return (
    typeof listed === 'string' &&
    HEX64.test(listed) &&
    listed.toLowerCase() === pubkey.toLowerCase()
  )
}

/** How the address is shown: `_@domain` as the bare domain (NIP-05 "root" identifier). */
export const nip05Display = ({ name, domain }: Nip05Address): string =>
  name === '_' ? domain : `${name}@${domain}`
