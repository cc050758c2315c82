import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import { bolt11DescriptionHash } from '../../../../src/core/lightning/bolt11-description.ts'
import {
  descriptionHashOf,
  invoiceOf,
  invoiceProblem,
  ZAP_ERRORS,
  zapCallbackUrl,
  zapRequestTemplate,
} from '../../../../src/core/lightning/zap-request.ts'
import { encodeInvoice } from '../../../peers/seed/bolt11.ts'

const RECIPIENT = 'cd'.repeat(32)
const NOTE = 'ef'.repeat(32)
const LNURL =
  'lnurl1dp68gurn8ghj7um9wfmxjcm99e3k7mf0v9cxj0m385ekvcenxc6r2c35xvukxefcv5mkvv34x5ekzd3ev56nyd3hxqurzepexejxxepnxscrvwfnv9nxzcn9xq6xyefhvgcxxcmyxymnserxfq5fns'

const invoice = (amountMsat: number, description: string) =>
  encodeInvoice({
    amountMsat,
    timestamp: 1_700_000_000,
    paymentHash: sha256(utf8ToBytes('p')),
    paymentSecret: sha256(utf8ToBytes('s')),
    descriptionHash: sha256(utf8ToBytes(description)),
    expirySeconds: 3600,
    nodeSecretKey: sha256(utf8ToBytes('node')),
  })

describe('zapRequestTemplate (kind 9734; lightning-and-ecash §3, NIP-57 appendix A)', () => {
  it('has relays, amount in millisats, lnurl, p, e and client tags, and the comment', () => {
    const template = zapRequestTemplate(
      { recipientPubkey: RECIPIENT, amountSats: 21, comment: 'Great note', eventId: NOTE },
      { lnurl: LNURL, relays: ['wss://a.example', 'wss://b.example'] },
    )
    expect(template).toEqual({
      kind: 9734,
      content: 'Great note',
      tags: [
        ['relays', 'wss://a.example', 'wss://b.example'],
        ['amount', '21000'],
        ['lnurl', LNURL],
        ['p', RECIPIENT],
        ['e', NOTE],
        ['client', 'Plume'],
      ],
    })
  })

  it('has no e tag when a person is zapped', () => {
    const template = zapRequestTemplate(
      { recipientPubkey: RECIPIENT, amountSats: 1, comment: '', eventId: null },
      { lnurl: LNURL, relays: ['wss://a.example'] },
    )
    expect(template.tags.map((tag) => tag[0])).toEqual(['relays', 'amount', 'lnurl', 'p', 'client'])
  })
})

describe('zapCallbackUrl (§7, NIP-57 appendix B)', () => {
  const request = { json: '{"kind":9734}', amountMsat: 21_000, lnurl: LNURL, comment: 'hi' }

  it('adds amount, nostr, lnurl and (when taken) comment, keeping the callback query', () => {
    const url = new URL(zapCallbackUrl('https://pay.example.com/cb?user=ann', request, 10))
    expect(url.origin + url.pathname).toBe('https://pay.example.com/cb')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      user: 'ann',
      amount: '21000',
      nostr: '{"kind":9734}',
      lnurl: LNURL,
      comment: 'hi',
    })
    expect(
      new URL(zapCallbackUrl('https://pay.example.com/cb', request, 0)).searchParams.has('comment'),
    ).toBe(false)
  })
})

describe('invoiceOf (§8)', () => {
  it("reads pr; 'No payment request received' without one; 'Failed to get payment request' otherwise", () => {
    expect(invoiceOf({ pr: ' lnbc1x ', routes: [] })).toBe('lnbc1x')
    expect(() => invoiceOf({ routes: [] })).toThrow('No payment request received')
    expect(() => invoiceOf({ pr: '' })).toThrow(ZAP_ERRORS.noInvoice)
    expect(() => invoiceOf('nope')).toThrow('Failed to get payment request')
    expect(() => invoiceOf({ status: 'ERROR' })).toThrow(ZAP_ERRORS.invoice)
    expect(() => invoiceOf({ status: 'ERROR', reason: 'Amount too small' })).toThrow(
      'Amount too small',
    )
  })
})

describe('invoiceProblem: the invoice must be for this zap', () => {
  const json = JSON.stringify({ kind: 9734, content: 'hi' })
  const hash = descriptionHashOf(json)

  it('hashes the request JSON as sent', () => {
    expect(hash).toBe(bytesToHex(sha256(utf8ToBytes(json))))
    expect(bolt11DescriptionHash(invoice(21_000, json))).toBe(hash)
  })

  it('accepts the right amount and description hash, refuses others', () => {
    expect(
      invoiceProblem(invoice(21_000, json), { amountMsat: 21_000, descriptionHash: hash }),
    ).toBeNull()
    expect(
      invoiceProblem(invoice(20_000, json), { amountMsat: 21_000, descriptionHash: hash }),
    ).toBe('Invoice amount does not match the zap amount')
    expect(
      invoiceProblem(invoice(21_000, 'other'), { amountMsat: 21_000, descriptionHash: hash }),
    ).toBe('Invoice does not commit to the zap request')
    expect(invoiceProblem('garbage', { amountMsat: 21_000, descriptionHash: hash })).toBe(
      ZAP_ERRORS.invoiceAmount,
    )
  })

  it('lists the zap messages of §8 exactly', () => {
    expect(ZAP_ERRORS).toMatchObject({
      noAddress: 'Recipient does not have a Lightning address',
      resolve: 'Failed to resolve Lightning address',
      sign: 'Failed to sign zap request',
      keyLocked: 'Key is locked. Please unlock your NSEC key with your passphrase to sign the zap.',
      invoiceTimeout: 'Failed to request payment invoice - network timeout',
      invoice: 'Failed to get payment request',
      noInvoice: 'No payment request received',
      paymentTimeout:
        'Payment request timed out. Please check your NWC wallet connection and try again.',
      send: 'Failed to send zap',
    })
    expect(ZAP_ERRORS.resolveTimeout.startsWith(ZAP_ERRORS.resolve)).toBe(true)
  })
})
