import { describe, expect, it } from 'vitest'
import { bolt11AmountMsat } from '../../../../src/core/lightning/bolt11-amount.ts'
import { encodeInvoice } from '../../../peers/seed/bolt11.ts'

// BOLT 11 examples (11-payment-encoding.md): 0.025 BTC; 0.00967878534 BTC in pico-BTC.
const MAINNET_25M =
  'lnbc25m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5vdhkven9v5sxyetpdeessp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9q5sqqqqqqqqqqqqqqqqpqsq67gye39hfg3zd8rgc80k32tvy9xk2xunwm5lzexnvpx6fd77en8qaq424dxgt56cag2dpt359k3ssyhetktkpqh24jqnjyw6uqd08sgptq44qu'
const MAINNET_PICO =
  'lnbc9678785340p1pwmna7lpp5gc3xfm08u9qy06djf8dfflhugl6p7lgza6dsjxq454gxhj9t7a0sd8dgfkx7cmtwd68yetpd5s9xar0wfjn5gpc8qhrsdfq24f5ggrxdaezqsnvda3kkum5wfjkzmfqf3jkgem9wgsyuctwdus9xgrcyqcjcgpzgfskx6eqf9hzqnteypzxz7fzypfhg6trddjhygrcyqezcgpzfysywmm5ypxxjemgw3hxjmn8yptk7untd9hxwg3q2d6xjcmtv4ezq7pqxgsxzmnyyqcjqmt0wfjjq6t5v4khxxqyjw5qcqp2rzjq0gxwkzc8w6323m55m4jyxcjwmy7stt9hwkwe2qxmy8zpsgg7jcuwz87fcqqeuqqqyqqqqlgqqqqn3qq9qn07ytgrxx'

const bytes = (fill: number) => new Uint8Array(32).fill(fill)

describe('bolt11AmountMsat (BOLT 11 human-readable part)', () => {
  it('reads the examples of the BOLT', () => {
    expect(bolt11AmountMsat(MAINNET_25M)).toBe(2_500_000_000)
    expect(bolt11AmountMsat(MAINNET_PICO)).toBe(967_878_534)
  })

  it('reads each multiplier, and whole bitcoin without one', () => {
    expect(bolt11AmountMsat('lnbc20m1qqqq')).toBe(2_000_000_000)
    expect(bolt11AmountMsat('lnbc2500u1qqqq')).toBe(250_000_000)
    expect(bolt11AmountMsat('lnbc210n1qqqq')).toBe(21_000)
    expect(bolt11AmountMsat('lnbc10p1qqqq')).toBe(1)
    expect(bolt11AmountMsat('lnbc21qqqq')).toBe(200_000_000_000)
  })

  it('reads testnet, signet and regtest prefixes, in either case', () => {
    expect(bolt11AmountMsat('lntb20m1qqqq')).toBe(2_000_000_000)
    expect(bolt11AmountMsat('lntbs5u1qqqq')).toBe(500_000)
    expect(bolt11AmountMsat('lnbcrt100n1qqqq')).toBe(10_000)
    expect(bolt11AmountMsat('LNBC2500U1QQQQ')).toBe(250_000_000)
  })

  it('is null without an amount or for what is not an invoice', () => {
    expect(bolt11AmountMsat('lnbc1pvjluezpp5qqqsyqcyq5rqwzqfq')).toBeNull()
    expect(bolt11AmountMsat('')).toBeNull()
    expect(bolt11AmountMsat('hello')).toBeNull()
    expect(bolt11AmountMsat('lnxy20m1qqqq')).toBeNull()
    // BOLT 11: an amount has no leading zeros.
    expect(bolt11AmountMsat('lnbc020m1qqqq')).toBeNull()
    expect(bolt11AmountMsat('lnbc20x1qqqq')).toBeNull()
  })

  it('refuses a pico amount that is not whole millisatoshis (BOLT 11 example)', () => {
    expect(bolt11AmountMsat('lnbc2500000001p1pvjluezpp5qqqsyqcyq5rqwzqfq')).toBeNull()
  })

  it('agrees with invoices the seed signs, for every zap amount it uses', () => {
    for (const sats of [1, 21, 100, 1000, 2100, 5000, 21_000, 1_234_567]) {
      const invoice = encodeInvoice({
        amountMsat: sats * 1000,
        timestamp: 1_700_000_000,
        paymentHash: bytes(1),
        paymentSecret: bytes(2),
        descriptionHash: bytes(3),
        expirySeconds: 3600,
        nodeSecretKey: bytes(7),
      })
      expect(bolt11AmountMsat(invoice)).toBe(sats * 1000)
    }
  })
})
