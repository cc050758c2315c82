import { describe, expect, it } from 'vitest'
import {
  isLoopbackRelay,
  normalizeRelayUrl,
  normalizeRelayUrls,
  normalizeRelayUrlWithSlash,
  RELAY_ALREADY_ADDED,
  RELAY_BLACKLISTED,
  RELAY_URL_INVALID,
  RELAY_URL_PROBLEMS,
  RELAY_URL_REQUIRED,
  relayHttpUrl,
  validateNewRelay,
} from '../../../../src/core/relays/relay-url.ts'

describe('normalizeRelayUrl', () => {
  it('trims, lowercases the host and drops the trailing slash', () => {
    expect(normalizeRelayUrl('  wss://Relay.Example.COM/  ')).toBe('wss://relay.example.com')
    expect(normalizeRelayUrl('wss://relay.example.com/nostr/')).toBe(
      'wss://relay.example.com/nostr',
    )
    expect(normalizeRelayUrl('wss://relay.example.com/Path')).toBe('wss://relay.example.com/Path')
  })

  it('adds wss:// when the scheme is missing, also before a port', () => {
    expect(normalizeRelayUrl('relay.example.com')).toBe('wss://relay.example.com')
    expect(normalizeRelayUrl('relay.example.com:7777')).toBe('wss://relay.example.com:7777')
    expect(normalizeRelayUrl('localhost:7777')).toBe('wss://localhost:7777')
  })

  it('upgrades ws:// to wss:// except on loopback hosts', () => {
    expect(normalizeRelayUrl('ws://relay.example.com')).toBe('wss://relay.example.com')
    expect(normalizeRelayUrl('WS://Relay.Example.com:8080/')).toBe('wss://relay.example.com:8080')
    expect(normalizeRelayUrl('ws://localhost:7777/')).toBe('ws://localhost:7777')
    expect(normalizeRelayUrl('ws://127.0.0.1:7777')).toBe('ws://127.0.0.1:7777')
    expect(normalizeRelayUrl('ws://127.5.6.7')).toBe('ws://127.5.6.7')
    expect(normalizeRelayUrl('ws://[::1]:7777')).toBe('ws://[::1]:7777')
    expect(normalizeRelayUrl('ws://128.0.0.1')).toBe('wss://128.0.0.1')
    expect(normalizeRelayUrl('ws://localhost.example.com')).toBe('wss://localhost.example.com')
  })

  it('drops the default port and the hash, keeps the query', () => {
    expect(normalizeRelayUrl('wss://relay.example.com:443')).toBe('wss://relay.example.com')
    expect(normalizeRelayUrl('wss://relay.example.com/#top')).toBe('wss://relay.example.com')
    expect(normalizeRelayUrl('wss://relay.example.com/?token=a')).toBe(
      'wss://relay.example.com?token=a',
    )
  })

  it('accepts only ws and wss URLs that parse', () => {
    for (const input of [
      '',
      '   ',
      'https://relay.example.com',
      'http://localhost:7777',
      'ftp://relay.example.com',
      'mailto:someone@example.com',
      'wss://',
      'wss://relay example.com',
      'wss://relay..example.com',
      'wss://user:pass@relay.example.com',
      'not a url',
    ]) {
      expect(normalizeRelayUrl(input), input).toBeNull()
    }
  })
})

describe('normalizeRelayUrlWithSlash', () => {
  it('ensures a trailing slash and strips the hash', () => {
    expect(normalizeRelayUrlWithSlash('wss://Relay.Example.com')).toBe('wss://relay.example.com/')
    expect(normalizeRelayUrlWithSlash('relay.example.com/#x')).toBe('wss://relay.example.com/')
    expect(normalizeRelayUrlWithSlash('ws://relay.example.com/nostr')).toBe(
      'wss://relay.example.com/nostr/',
    )
    expect(normalizeRelayUrlWithSlash('ws://localhost:7777')).toBe('ws://localhost:7777/')
  })

  it('drops invalid URLs', () => {
    expect(normalizeRelayUrlWithSlash('https://relay.example.com')).toBeNull()
    expect(normalizeRelayUrlWithSlash('')).toBeNull()
  })
})

describe('normalizeRelayUrls', () => {
  it('normalises, drops invalid URLs and duplicates, keeps the first order', () => {
    expect(
      normalizeRelayUrls([
        'wss://b.example.com/',
        'a.example.com',
        'https://c.example.com',
        'WSS://B.EXAMPLE.COM',
        'ws://a.example.com',
        'ws://localhost:7777',
      ]),
    ).toEqual(['wss://b.example.com', 'wss://a.example.com', 'ws://localhost:7777'])
  })
})

describe('isLoopbackRelay', () => {
  it('knows localhost, 127.0.0.0/8 and [::1]', () => {
    expect(isLoopbackRelay('ws://localhost:7777')).toBe(true)
    expect(isLoopbackRelay('wss://127.0.0.1')).toBe(true)
    expect(isLoopbackRelay('ws://127.255.0.9:1')).toBe(true)
    expect(isLoopbackRelay('ws://[::1]:7777')).toBe(true)
    expect(isLoopbackRelay('wss://relay.example.com')).toBe(false)
    expect(isLoopbackRelay('ws://10.0.0.1')).toBe(false)
    expect(isLoopbackRelay('garbage url')).toBe(false)
  })
})

describe('relayHttpUrl', () => {
  it('is the https form of the relay URL', () => {
    expect(relayHttpUrl('wss://relay.example.com')).toBe('https://relay.example.com/')
    expect(relayHttpUrl('ws://relay.example.com/nostr')).toBe('https://relay.example.com/nostr/')
    expect(relayHttpUrl('wss://localhost:7777')).toBe('https://localhost:7777/')
  })

  it('is http only for a ws relay on loopback', () => {
    expect(relayHttpUrl('ws://localhost:7777')).toBe('http://localhost:7777/')
    expect(relayHttpUrl('ws://127.0.0.1:7777')).toBe('http://127.0.0.1:7777/')
    expect(relayHttpUrl('ws://[::1]:7777')).toBe('http://[::1]:7777/')
  })

  it('is null for an invalid relay URL', () => {
    expect(relayHttpUrl('https://relay.example.com')).toBeNull()
  })
})

describe('validateNewRelay', () => {
  const existing = ['wss://relay.example.com', 'ws://localhost:7777']

  it('has the spec texts', () => {
    expect(RELAY_URL_REQUIRED).toBe('Please enter a relay URL')
    expect(RELAY_URL_INVALID).toBe('Invalid relay URL')
    expect(RELAY_ALREADY_ADDED).toBe('This relay is already added')
  })

  it('requires a URL', () => {
    expect(validateNewRelay('', existing)).toEqual({ error: 'Please enter a relay URL' })
    expect(validateNewRelay('   ', existing)).toEqual({ error: 'Please enter a relay URL' })
  })

  it('says what is wrong with what is not a ws or wss URL, after the spec text', () => {
    const problems: Array<[string, string]> = [
      ['https://other.example.com', 'https:// is not a relay address, relays start with wss://'],
      ['not a relay', 'it contains spaces'],
      ['wss://other .example.com', 'it contains spaces'],
      ['wss://', 'there is no host name'],
      ['ws://:7777', 'there is no host name'],
      ['wss://me@:7777', 'there is no host name'],
      ['wss://other..example.com', '"other..example.com" is not a valid host name'],
      ['other.example.com!', '"other.example.com!" is not a valid host name'],
      ['wss://[zz]', '"[zz]" is not a valid host name'],
      ['wss://other.example.com:99999', 'the port must be a number from 1 to 65535'],
      ['wss://me:pw@other.example.com', 'a relay URL has no user name or password'],
    ]
    for (const [input, reason] of problems) {
      expect(validateNewRelay(input, existing), input).toEqual({
        error: `Invalid relay URL: ${reason}`,
      })
    }
    expect(RELAY_URL_PROBLEMS.scheme('http:')).toBe(
      'Invalid relay URL: http:// is not a relay address, relays start with wss://',
    )
  })

  it('refuses a blacklisted relay, however it is written', () => {
    expect(validateNewRelay('Bad.Example.com/', existing, ['wss://bad.example.com'])).toEqual({
      error: RELAY_BLACKLISTED,
    })
    expect(RELAY_BLACKLISTED).toBe('This relay is blacklisted')
  })

  it('says so when ws:// becomes wss://, and only then', () => {
    expect(validateNewRelay('WS://Other.Example.com', existing)).toEqual({
      url: 'wss://other.example.com',
      notice: 'Changed to wss://other.example.com: plain ws:// is only allowed on this device',
    })
    expect(validateNewRelay('ws://127.0.0.1:7777', existing)).toEqual({
      url: 'ws://127.0.0.1:7777',
    })
    expect(validateNewRelay('wss://other.example.com', existing)).toEqual({
      url: 'wss://other.example.com',
    })
  })

  it('rejects a relay already added, after normalisation', () => {
    expect(validateNewRelay('Relay.Example.com/', existing)).toEqual({
      error: 'This relay is already added',
    })
    expect(validateNewRelay('ws://relay.example.com', existing)).toEqual({
      error: 'This relay is already added',
    })
    expect(validateNewRelay('ws://localhost:7777/', ['ws://LOCALHOST:7777'])).toEqual({
      error: 'This relay is already added',
    })
  })

  it('gives the normalised URL, wss:// prepended when missing', () => {
    expect(validateNewRelay(' other.example.com ', existing)).toEqual({
      url: 'wss://other.example.com',
    })
  })
})
