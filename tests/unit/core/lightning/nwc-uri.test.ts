import { describe, expect, it } from 'vitest'
import {
  INCOMPLETE_PARAMETERS,
  PAIRING_CODE_PUBKEY,
  PAIRING_CODE_RELAY,
  PAIRING_CODE_REQUIRED,
  PAIRING_CODE_SCHEME,
  PAIRING_CODE_SECRET,
  PairingCodeError,
  pairingFromParts,
  parsePairingCode,
} from '../../../../src/core/lightning/nwc-uri.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'

const WALLET = 'b889ff5b1513b641e2a139f661a661364979c5beee91842f8f0ef42ab558e9d4'
const SECRET = '71a8c14c1407c113601079c4302dab36460f0ccd0ad506f1f2dc73b5100e4f3c'
const CODE = `nostr+walletconnect://${WALLET}?relay=wss%3A%2F%2Frelay.damus.io&secret=${SECRET}`

describe('pairing code (NIP-47)', () => {
  it("parses NIP-47's example: wallet pubkey, relay, secret", () => {
    const code = parsePairingCode(CODE)
    expect(code.walletPubkey).toBe(WALLET)
    expect(code.relays).toEqual(['wss://relay.damus.io'])
    expect(code.secret.reveal()).toBe(SECRET)
    expect(code.lud16).toBeNull()
  })

  it('reads several relays (normalised, deduplicated), lud16 and the old scheme', () => {
    const code = parsePairingCode(
      `  nostrwalletconnect://${WALLET.toUpperCase()}?relay=ws://127.0.0.1:7777&relay=relay.example.com&relay=wss://relay.example.com/&secret=${SECRET}&lud16=me@example.com `,
    )
    expect(code.walletPubkey).toBe(WALLET)
    expect(code.relays).toEqual(['ws://127.0.0.1:7777', 'wss://relay.example.com'])
    expect(code.lud16).toBe('me@example.com')
  })

  it('never shows the secret when printed or serialised', () => {
    const code = parsePairingCode(CODE)
    expect(JSON.stringify(code)).not.toContain(SECRET)
    expect(String(code.secret)).toBe('[redacted]')
  })

  it.each([
    ['', PAIRING_CODE_REQUIRED],
    ['   ', PAIRING_CODE_REQUIRED],
    [`https://${WALLET}?relay=wss://r.example&secret=${SECRET}`, PAIRING_CODE_SCHEME],
    [`nostr+walletconnect://${WALLET}?secret=${SECRET}`, INCOMPLETE_PARAMETERS],
    [`nostr+walletconnect://${WALLET}?relay=wss://r.example`, INCOMPLETE_PARAMETERS],
    [`nostr+walletconnect://?relay=wss://r.example&secret=${SECRET}`, INCOMPLETE_PARAMETERS],
    [`nostr+walletconnect://abc?relay=wss://r.example&secret=${SECRET}`, PAIRING_CODE_PUBKEY],
    [`nostr+walletconnect://${WALLET}?relay=wss://r.example&secret=xyz`, PAIRING_CODE_SECRET],
    [
      `nostr+walletconnect://${WALLET}?relay=https://r.example&secret=${SECRET}`,
      PAIRING_CODE_RELAY,
    ],
  ])('%s gives %s', (input, message) => {
    expect(() => parsePairingCode(input)).toThrow(new PairingCodeError(message))
  })

  it("the spec's texts", () => {
    expect(INCOMPLETE_PARAMETERS).toBe('Incomplete initialization parameters')
    expect(PAIRING_CODE_SCHEME).toBe(
      'Invalid wallet connection string: it must start with nostr+walletconnect://',
    )
  })

  it('takes the three parts instead of a code, or says what is missing', () => {
    const code = pairingFromParts({
      pubkey: WALLET,
      relays: ['wss://r.example'],
      secret: new Secret(SECRET),
    })
    expect(code.relays).toEqual(['wss://r.example'])
    expect(() => pairingFromParts({ pubkey: WALLET, relays: [] })).toThrow(INCOMPLETE_PARAMETERS)
    expect(() => pairingFromParts({})).toThrow(INCOMPLETE_PARAMETERS)
  })
})
