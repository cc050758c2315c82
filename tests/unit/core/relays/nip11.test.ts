import { describe, expect, it } from 'vitest'
import {
  parseRelayInfo,
  powRequirement,
  RELAY_INFO_ACCEPT,
  RELAY_INFO_ERROR,
  RELAY_INFO_TIMEOUT_MS,
  relayInfoRequest,
} from '../../../../src/core/relays/nip11.ts'

const PUBKEY = '4918eb332a41b71ba9a74b1dc64276cfff592e55107b93baae38af3520e55975'

describe('constants', () => {
  it('has the spec texts and numbers', () => {
    expect(RELAY_INFO_TIMEOUT_MS).toBe(3000)
    expect(RELAY_INFO_ERROR).toBe('Failed to load relay information')
    expect(RELAY_INFO_ACCEPT).toBe('application/nostr+json')
  })
})

describe('parseRelayInfo', () => {
  it('reads the NIP-11 nostr.wine example', () => {
    const info = parseRelayInfo({
      contact: 'wino@nostr.wine',
      description: 'A paid nostr relay for wine enthusiasts and everyone else.',
      fees: { admission: [{ amount: 18888000, unit: 'msats' }] },
      icon: 'https://image.nostr.build/30acdce4a81926f386622a07343228ae99fa68d012d54c538c0b2129dffe400c.png',
      limitation: {
        auth_required: false,
        created_at_lower_limit: 94608000,
        created_at_upper_limit: 300,
        max_event_tags: 4000,
        max_limit: 1000,
        max_message_length: 524288,
        max_subid_length: 71,
        max_subscriptions: 50,
        min_pow_difficulty: 0,
        payment_required: true,
        restricted_writes: true,
      },
      name: 'nostr.wine',
      payments_url: 'https://nostr.wine/invoices',
      pubkey: PUBKEY,
      software: 'https://nostr.wine',
      supported_nips: [1, 2, 4, 9, 11, 40, 42, 50, 70, 77],
      terms_of_service: 'https://nostr.wine/terms',
      version: '0.3.3',
    })
    expect(info).toEqual({
      contact: 'wino@nostr.wine',
      description: 'A paid nostr relay for wine enthusiasts and everyone else.',
      icon: 'https://image.nostr.build/30acdce4a81926f386622a07343228ae99fa68d012d54c538c0b2129dffe400c.png',
      limitation: {
        auth_required: false,
        created_at_lower_limit: 94608000,
        created_at_upper_limit: 300,
        max_event_tags: 4000,
        max_limit: 1000,
        max_message_length: 524288,
        max_subid_length: 71,
        max_subscriptions: 50,
        min_pow_difficulty: 0,
        payment_required: true,
        restricted_writes: true,
      },
      name: 'nostr.wine',
      pubkey: PUBKEY,
      software: 'https://nostr.wine',
      supported_nips: [1, 2, 4, 9, 11, 40, 42, 50, 70, 77],
      terms_of_service: 'https://nostr.wine/terms',
      version: '0.3.3',
    })
    expect(powRequirement(info)).toBeNull()
  })

  it('leaves out fields of the wrong type', () => {
    expect(
      parseRelayInfo({
        name: 42,
        description: ['x'],
        pubkey: 'not-hex',
        contact: null,
        supported_nips: [1, '11', 'eleven', 1.5, -2, 1],
        software: {},
        version: 3,
        icon: 'javascript:alert(1)',
        limitation: { max_limit: 'lots', auth_required: 'yes', max_subscriptions: '20' },
      }),
    ).toEqual({ supported_nips: [1, 11], limitation: { max_subscriptions: 20 } })
    expect(parseRelayInfo({ supported_nips: 'all', limitation: [] })).toEqual({})
  })

  it('accepts the document as text; anything unusable is empty', () => {
    expect(parseRelayInfo('{"name":"Local relay"}')).toEqual({ name: 'Local relay' })
    expect(parseRelayInfo('<html>')).toEqual({})
    expect(parseRelayInfo(null)).toEqual({})
    expect(parseRelayInfo([1, 2])).toEqual({})
    expect(parseRelayInfo(7)).toEqual({})
  })
})

describe('powRequirement', () => {
  it('reads nip13, pow, difficulty and target_pow at the top level', () => {
    expect(powRequirement(parseRelayInfo({ nip13: 20 }))).toBe(20)
    expect(powRequirement(parseRelayInfo({ pow: 12 }))).toBe(12)
    expect(powRequirement(parseRelayInfo({ difficulty: '18' }))).toBe(18)
    expect(powRequirement(parseRelayInfo({ target_pow: 8 }))).toBe(8)
  })

  it('reads them under limitation too, with min_pow_difficulty', () => {
    expect(powRequirement(parseRelayInfo({ limitation: { min_pow_difficulty: 30 } }))).toBe(30)
    expect(powRequirement(parseRelayInfo({ limitation: { target_pow: 16 } }))).toBe(16)
    expect(powRequirement(parseRelayInfo({ nip13: { min_pow_difficulty: 22 } }))).toBe(22)
  })

  it('takes the highest requirement', () => {
    expect(
      powRequirement(
        parseRelayInfo({
          pow: 10,
          nip13: 14,
          limitation: { difficulty: 26, min_pow_difficulty: 5 },
        }),
      ),
    ).toBe(26)
  })

  it('is null when nothing is required or the value is nonsense', () => {
    expect(powRequirement(parseRelayInfo({}))).toBeNull()
    expect(powRequirement(parseRelayInfo({ pow: 0, difficulty: -3 }))).toBeNull()
    expect(powRequirement(parseRelayInfo({ pow: true, nip13: 'strong' }))).toBeNull()
    expect(powRequirement(parseRelayInfo({ target_pow: 1000 }))).toBeNull()
  })
})

describe('relayInfoRequest', () => {
  it('GETs the https form with the NIP-11 Accept header and the 3 s timeout', () => {
    expect(relayInfoRequest('wss://Relay.Example.com')).toEqual({
      url: 'https://relay.example.com/',
      headers: { Accept: 'application/nostr+json' },
      timeoutMs: 3000,
    })
    expect(relayInfoRequest('ws://localhost:7777')?.url).toBe('http://localhost:7777/')
    expect(relayInfoRequest('https://relay.example.com')).toBeNull()
  })
})
