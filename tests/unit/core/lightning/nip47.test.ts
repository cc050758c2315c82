import { describe, expect, it } from 'vitest'
import {
  chooseEncryption,
  errorText,
  FAILED_TO_PARSE_RESPONSE,
  infoMethods,
  MAKE_INVOICE_UNSUPPORTED,
  METHOD_FAILED,
  msatToSats,
  NIP47_ERROR_CODES,
  NIP47_INFO_KIND,
  NIP47_REQUEST_KIND,
  NIP47_RESPONSE_KIND,
  Nip47Error,
  parseResponse,
  requestContent,
  requestTags,
  requestTimedOut,
  satsToMsat,
} from '../../../../src/core/lightning/nip47.ts'

const WALLET = 'b'.repeat(64)
const reply = (value: unknown) => JSON.stringify(value)

describe('NIP-47 messages', () => {
  it('kinds of info, request and response', () => {
    expect([NIP47_INFO_KIND, NIP47_REQUEST_KIND, NIP47_RESPONSE_KIND]).toEqual([
      13194, 23194, 23195,
    ])
    expect(NIP47_ERROR_CODES).toContain('INSUFFICIENT_BALANCE')
  })

  it('uses NIP-44 v2 where the info event offers it, NIP-04 otherwise', () => {
    const info = (encryption?: string) => ({
      content: 'pay_invoice get_balance',
      tags: encryption ? [['encryption', encryption]] : [],
    })
    expect(chooseEncryption(info('nip04 nip44_v2'))).toBe('nip44_v2')
    expect(chooseEncryption(info('nip44_v2'))).toBe('nip44_v2')
    expect(chooseEncryption(info('nip04'))).toBe('nip04')
    expect(chooseEncryption(info())).toBe('nip04')
    expect(chooseEncryption(null)).toBe('nip04')
    expect(infoMethods(info())).toEqual(['pay_invoice', 'get_balance'])
    expect(infoMethods(null)).toEqual([])
  })

  it('a request names the wallet, and NIP-44 when used', () => {
    expect(requestTags(WALLET, 'nip04')).toEqual([['p', WALLET]])
    expect(requestTags(WALLET, 'nip44_v2')).toEqual([
      ['p', WALLET],
      ['encryption', 'nip44_v2'],
    ])
    expect(JSON.parse(requestContent('pay_invoice', { invoice: 'lnbc1' }))).toEqual({
      method: 'pay_invoice',
      params: { invoice: 'lnbc1' },
    })
  })

  it('reads the result of each method', () => {
    expect(parseResponse('pay_invoice', reply({ result: { preimage: 'ab' } }))).toEqual({
      preimage: 'ab',
    })
    expect(parseResponse('get_balance', reply({ result: { balance: 21_500 } }))).toEqual({
      balance: 21_500,
    })
    expect(
      parseResponse('get_info', reply({ result: { alias: 'W', pubkey: 'p', methods: ['a', 1] } })),
    ).toEqual({ alias: 'W', pubkey: 'p', methods: ['a'], lud16: null })
    expect(
      parseResponse('make_invoice', reply({ result: { invoice: 'lnbcrt1', preimage: 'cd' } })),
    ).toEqual({ invoice: 'lnbcrt1', preimage: 'cd' })
    expect(
      parseResponse(
        'list_transactions',
        reply({
          result: {
            transactions: [
              { type: 'incoming', amount: 1000, description: 'tip', created_at: 5, settled_at: 6 },
            ],
          },
        }),
      ),
    ).toEqual([
      {
        paymentHash: '',
        type: 'incoming',
        amount: 1000,
        description: 'tip',
        createdAt: 5,
        settledAt: 6,
        state: null,
      },
    ])
  })

  it("surfaces the service's error code and message, or the method's text", () => {
    const failure = () =>
      parseResponse(
        'pay_invoice',
        reply({ error: { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance' } }),
      )
    expect(failure).toThrow('Insufficient balance (INSUFFICIENT_BALANCE)')
    try {
      failure()
    } catch (error) {
      expect(error).toBeInstanceOf(Nip47Error)
      expect((error as Nip47Error).code).toBe('INSUFFICIENT_BALANCE')
    }
    expect(() => parseResponse('get_balance', reply({ error: { code: 'INTERNAL' } }))).toThrow(
      'Failed to get balance (INTERNAL)',
    )
    expect(errorText('make_invoice', 'RESTRICTED', ' ')).toBe('Failed to make invoice (RESTRICTED)')
  })

  it('a reply that is not JSON is failed_to_parse_response; a missing result, the method text', () => {
    expect(() => parseResponse('get_info', 'garbage')).toThrow(FAILED_TO_PARSE_RESPONSE)
    expect(FAILED_TO_PARSE_RESPONSE).toBe('failed_to_parse_response')
    expect(() => parseResponse('pay_invoice', reply({ result: {} }))).toThrow('Payment failed')
    expect(() => parseResponse('get_balance', reply({ result: null }))).toThrow(
      'Failed to get balance',
    )
  })

  it("the spec's texts (§8)", () => {
    expect(METHOD_FAILED).toEqual({
      pay_invoice: 'Payment failed',
      get_balance: 'Failed to get balance',
      get_info: 'Failed to get info',
      list_transactions: 'Failed to list transactions',
      make_invoice: 'Failed to make invoice',
    })
    expect(requestTimedOut(10_000)).toBe('Request timed out after 10000ms')
    expect(MAKE_INVOICE_UNSUPPORTED).toBe('This NWC wallet does not support making invoices')
  })

  it('balances are millisats, shown as whole sats', () => {
    expect(msatToSats(21_999)).toBe(21)
    expect(msatToSats(100_000_000)).toBe(100_000)
    expect(satsToMsat(21)).toBe(21_000)
  })
})
