import { describe, expect, it } from 'vitest'
import {
  nip05Display,
  nip05DocumentUrl,
  nip05Verifies,
  parseNip05,
} from '../../../../src/core/people/nip05.ts'

const PUBKEY = 'b0635d6a9851d3aed0cd6c495b282167acf761729078d975fc341b22650b07b9'

describe('parseNip05', () => {
  it('splits name and domain, lowercased', () => {
    expect(parseNip05('Bob@Example.com')).toEqual({ name: 'bob', domain: 'example.com' })
    expect(parseNip05(' juniper@127.0.0.1:8080 ')).toEqual({
      name: 'juniper',
      domain: '127.0.0.1:8080',
    })
  })

  it('reads a bare domain as the root identifier _@domain', () => {
    expect(parseNip05('example.com')).toEqual({ name: '_', domain: 'example.com' })
  })

  it('refuses what is not an identifier', () => {
    for (const bad of [
      '',
      'bob@',
      '@example.com',
      'bo b@example.com',
      'bob@example',
      'bob@ex/ample.com',
      'bob@user@evil.test/x',
    ])
      expect(parseNip05(bad)).toBeNull()
  })
})

describe('nip05DocumentUrl', () => {
  it('asks https://{domain}/.well-known/nostr.json?name={name}', () => {
    expect(nip05DocumentUrl({ name: 'bob', domain: 'example.com' })).toBe(
      'https://example.com/.well-known/nostr.json?name=bob',
    )
  })

  it('asks loopback hosts over http (nothing serves TLS there)', () => {
    expect(nip05DocumentUrl({ name: 'bob', domain: '127.0.0.1:8080' })).toBe(
      'http://127.0.0.1:8080/.well-known/nostr.json?name=bob',
    )
    expect(nip05DocumentUrl({ name: 'bob', domain: 'localhost:3000' })).toBe(
      'http://localhost:3000/.well-known/nostr.json?name=bob',
    )
  })
})

describe('nip05Verifies', () => {
  const bob = { name: 'bob', domain: 'example.com' }

  it('holds when names maps the name to the same pubkey (the NIP-05 example)', () => {
    expect(nip05Verifies({ names: { bob: PUBKEY } }, bob, PUBKEY)).toBe(true)
  })

  it('matches the name and the hex case-insensitively', () => {
    expect(nip05Verifies({ names: { Bob: PUBKEY.toUpperCase() } }, bob, PUBKEY)).toBe(true)
  })

  it('fails for another pubkey, a missing name, or a malformed document', () => {
    expect(nip05Verifies({ names: { bob: 'c'.repeat(64) } }, bob, PUBKEY)).toBe(false)
    expect(nip05Verifies({ names: { alice: PUBKEY } }, bob, PUBKEY)).toBe(false)
    for (const document of [null, 'text', [], { names: [] }, { names: null }, {}])
      expect(nip05Verifies(document, bob, PUBKEY)).toBe(false)
  })
})

describe('nip05Display', () => {
  it('shows _@domain as the domain', () => {
    expect(nip05Display({ name: '_', domain: 'example.com' })).toBe('example.com')
    expect(nip05Display({ name: 'bob', domain: 'example.com' })).toBe('bob@example.com')
  })
})
