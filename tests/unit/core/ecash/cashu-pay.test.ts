import { describe, expect, it } from 'vitest'
import { lockPubkey, P2PK_ERRORS } from '../../../../src/core/ecash/cashu-p2pk.ts'
import {
  invoiceAmountSats,
  mintForPayment,
  PAY_ERRORS,
  PAYMENT_HEADROOM_SATS,
} from '../../../../src/core/ecash/cashu-pay.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'

const ledger = createFakeLightning()
const invoice = (msat: number) => ledger.create(msat, '00'.repeat(32))

describe('paying an invoice with ecash', () => {
  it('reads the amount of a regtest invoice, rounding millisats up', () => {
    expect(invoiceAmountSats(invoice(100_000))).toBe(100)
    expect(invoiceAmountSats(invoice(1_500))).toBe(2)
    expect(invoiceAmountSats(`  ${invoice(21_000)}\n`, 21)).toBe(21)
  })

  it('says pr is required, invoice amount is required, or that it asks too much', () => {
    expect(() => invoiceAmountSats(undefined)).toThrow('pr is required')
    expect(() => invoiceAmountSats('  ')).toThrow(PAY_ERRORS.missing)
    const amountless = 'lnbcrt1pjqqqqqpp5qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqsq'
    expect(() => invoiceAmountSats(amountless)).toThrow('invoice amount is required')
    expect(() => invoiceAmountSats('not an invoice')).toThrow(PAY_ERRORS.noAmount)
    expect(() => invoiceAmountSats(invoice(100_000), 99)).toThrow(PAY_ERRORS.tooMuch(100, 99))
  })

  it('pays from a mint whose balance covers the amount plus 3, the fullest first', () => {
    expect(PAYMENT_HEADROOM_SATS).toBe(3)
    expect(mintForPayment({ a: 103, b: 102 }, 100)).toBe('a')
    expect(mintForPayment({ a: 102, b: 500, c: 200 }, 100)).toBe('b')
    expect(mintForPayment({ a: 102 }, 100)).toBeNull()
    expect(mintForPayment({}, 1)).toBeNull()
  })
})

describe('P2PK lock keys', () => {
  const x = 'ab'.repeat(32)
  it('prefixes a 64-character key with 02 and keeps a compressed one', () => {
    expect(lockPubkey(x)).toBe(`02${x}`)
    expect(lockPubkey(` ${x.toUpperCase()} `)).toBe(`02${x}`)
    expect(lockPubkey(`03${x}`)).toBe(`03${x}`)
  })

  it('says Invalid pubkey for anything else', () => {
    for (const bad of ['', 'ab'.repeat(31), `04${x}`, `02${x}00`, 'zz'.repeat(32)]) {
      expect(() => lockPubkey(bad)).toThrow(P2PK_ERRORS.invalid)
    }
    expect(P2PK_ERRORS.invalid).toBe('Invalid pubkey')
  })
})
