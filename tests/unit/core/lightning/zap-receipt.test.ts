import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  msatToSats,
  zapAmountMsat,
  zapComment,
  zapRequestOf,
  zapSender,
} from '../../../../src/core/lightning/zap-receipt.ts'

const sender = generateSecretKey()
const service = generateSecretKey()
const SENDER = getPublicKey(sender)
const SERVICE = getPublicKey(service)
const RECIPIENT = getPublicKey(generateSecretKey())
const OTHER = getPublicKey(generateSecretKey())
const NOTE_ID = 'a'.repeat(64)

const request = (tags: string[][] = [['amount', '21000']], content = 'Great post!') =>
  finalizeEvent(
    {
      kind: 9734,
      created_at: 1_700_000_000,
      tags: [['relays', 'wss://relay.example'], ['p', RECIPIENT], ['e', NOTE_ID], ...tags],
      content,
    },
    sender,
  )

const receipt = (tags: string[][]) =>
  finalizeEvent(
    { kind: 9735, created_at: 1_700_000_005, tags: [['p', RECIPIENT], ...tags], content: '' },
    service,
  )

describe('zap receipts (NIP-57)', () => {
  it('the sender is the author of the embedded zap request', () => {
    const zap = receipt([
      ['P', OTHER],
      ['bolt11', 'lnbc210n1qqqq'],
      ['description', JSON.stringify(request())],
    ])
    expect(zapRequestOf(zap)?.pubkey).toBe(SENDER)
    expect(zapSender(zap)).toBe(SENDER)
  })

  it('falls back to the P tag, then to the receipt signer, when the request does not parse', () => {
    expect(
      zapSender(
        receipt([
          ['P', OTHER],
          ['description', '{not json'],
        ]),
      ),
    ).toBe(OTHER)
    // A description that is JSON but not a zap request (a kind 1) is no sender either.
    const note = finalizeEvent({ kind: 1, created_at: 1, tags: [], content: '' }, sender)
    expect(
      zapSender(
        receipt([
          ['P', OTHER],
          ['description', JSON.stringify(note)],
        ]),
      ),
    ).toBe(OTHER)
    expect(zapSender(receipt([['P', 'not hex']]))).toBe(SERVICE)
    expect(zapSender(receipt([]))).toBe(SERVICE)
  })

  it('the amount is the invoice amount, else the request amount tag, in millisatoshis', () => {
    const paid = receipt([
      ['bolt11', 'lnbc21u1qqqq'],
      ['description', JSON.stringify(request([['amount', '1000']]))],
    ])
    expect(zapAmountMsat(paid)).toBe(2_100_000)
    const asked = receipt([['description', JSON.stringify(request([['amount', '21000']]))]])
    expect(zapAmountMsat(asked)).toBe(21_000)
    const unreadable = receipt([
      ['bolt11', 'garbage'],
      ['description', JSON.stringify(request([['amount', 'lots']]))],
    ])
    expect(zapAmountMsat(unreadable)).toBeNull()
    expect(zapAmountMsat(receipt([]))).toBeNull()
  })

  it('sats are whole: 2,100,000 msat is 2,100 sats; 1,999 msat is 1 sat', () => {
    expect(msatToSats(2_100_000)).toBe(2100)
    expect(msatToSats(1999)).toBe(1)
  })

  it('the comment is the request content, trimmed; empty without a request', () => {
    expect(zapComment(receipt([['description', JSON.stringify(request([], '  Zap! '))]]))).toBe(
      'Zap!',
    )
    expect(zapComment(receipt([]))).toBe('')
  })
})
