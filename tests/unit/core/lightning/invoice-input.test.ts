import { describe, expect, it } from 'vitest'
import {
  checkInvoiceInput,
  INVOICE_INPUT_ERROR,
} from '../../../../src/core/lightning/invoice-input.ts'

describe('checkInvoiceInput', () => {
  it('takes a BOLT-11 invoice of any network, any case, trimmed', () => {
    expect(checkInvoiceInput('  lnbc10u1pexample \n')).toEqual({ invoice: 'lnbc10u1pexample' })
    expect(checkInvoiceInput('LNTB1PEXAMPLE')).toEqual({ invoice: 'LNTB1PEXAMPLE' })
    expect(checkInvoiceInput('lnbcrt1pexample')).toEqual({ invoice: 'lnbcrt1pexample' })
  })

  it('asks for an invoice when the text is none', () => {
    expect(INVOICE_INPUT_ERROR).toBe('Paste a Lightning invoice (it starts with ln)')
    for (const text of ['', '   ', 'bitcoin:bc1qexample', 'lightning:lnbc1pexample', 'cashuB']) {
      expect(checkInvoiceInput(text), text).toEqual({
        error: 'Paste a Lightning invoice (it starts with ln)',
      })
    }
  })
})
