import { describe, expect, it } from 'vitest'
import {
  feeText,
  mintDetails,
  REMOVE_MINT_ERRORS,
  removalRefusal,
  supportLines,
} from '../../../../src/core/ecash/cashu-mint-info.ts'

describe('mintDetails', () => {
  it('prefers the long description, keeps the motd, contacts and version', () => {
    const details = mintDetails(
      'https://mint.example',
      {
        name: ' Example ',
        version: 'nutshell/0.16',
        description: 'short',
        description_long: 'long text',
        motd: 'Maintenance at noon',
        contact: [
          { method: 'email', info: 'a@example.com' },
          ['nostr', 'npub1x'],
          { method: 'x' },
          'junk',
        ],
      },
      100,
    )
    expect(details).toEqual({
      url: 'https://mint.example',
      name: 'Example',
      description: 'long text',
      motd: 'Maintenance at noon',
      contact: [
        { method: 'email', info: 'a@example.com' },
        { method: 'nostr', info: 'npub1x' },
      ],
      version: 'nutshell/0.16',
      supports: [],
      inputFeePpk: 100,
    })
  })

  it('falls back to the short description and the URL, and survives malformed info', () => {
    const details = mintDetails('https://m', { name: 7, description: 'short', motd: '  ' }, -1)
    expect(details.name).toBe('https://m')
    expect(details.description).toBe('short')
    expect(details.motd).toBeNull()
    expect(details.version).toBeNull()
    expect(details.contact).toEqual([])
    expect(details.inputFeePpk).toBe(0)
    expect(mintDetails('https://m', {}, 0).description).toBeNull()
  })
})

describe('supportLines', () => {
  it('names supported NUTs in plain words, skipping disabled and unsupported ones', () => {
    expect(
      supportLines({
        '4': { methods: [{ method: 'bolt11', unit: 'sat' }], disabled: false },
        '5': { methods: [{ method: 'bolt11', unit: 'sat' }], disabled: true },
        '7': { supported: false },
        '9': { supported: true },
        '11': { supported: true },
        '12': { supported: true },
        '17': { supported: [{ method: 'bolt11', unit: 'sat', commands: [] }] },
      }),
    ).toEqual([
      'Deposits by Lightning (NUT-04)',
      'Deposits by websocket (NUT-17)',
      'Restore from phrase (NUT-09/13)',
      'Locked ecash / nutzaps (NUT-11)',
      'DLEQ proofs (NUT-12)',
    ])
    expect(supportLines({ '17': { supported: [] } })).toEqual([])
    expect(supportLines(null)).toEqual([])
  })
})

describe('feeText', () => {
  it('says the fee per input', () => {
    expect(feeText(100)).toBe('fee: 100 ppk per input')
    expect(feeText(0)).toBe('fee: none per input')
  })
})

describe('removalRefusal', () => {
  it('allows only a known mint with nothing held and nothing running', () => {
    expect(removalRefusal({ known: true, balance: 0, operations: 0 })).toBeNull()
    expect(removalRefusal({ known: false, balance: 0, operations: 0 })).toBe(
      REMOVE_MINT_ERRORS.unknown,
    )
    expect(removalRefusal({ known: true, balance: 1700, operations: 1 })).toBe(
      'This mint still holds 1,700 sats: send or pay them out first',
    )
    expect(removalRefusal({ known: true, balance: 0, operations: 2 })).toBe(REMOVE_MINT_ERRORS.busy)
  })
})
