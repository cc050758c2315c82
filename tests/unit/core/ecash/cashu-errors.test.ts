import { MintOperationError, NetworkError, RateLimitError } from '@cashu/cashu-ts'
import { describe, expect, it } from 'vitest'
import { depositErrorKind, operationFailure } from '../../../../src/core/ecash/cashu-errors.ts'

describe('mint errors by message (spec §8)', () => {
  it('deposit: not paid waits, already issued finishes, rate limit slows down', () => {
    expect(depositErrorKind(new MintOperationError(20001, 'quote not paid'))).toBe('not-paid')
    expect(depositErrorKind(new Error('Quote not paid yet'))).toBe('not-paid')
    expect(depositErrorKind(new MintOperationError(20002, 'quote already issued'))).toBe('issued')
    expect(depositErrorKind(new Error('Mint quote already issued'))).toBe('issued')
    expect(depositErrorKind(new MintOperationError(20002, 'Quote has already been issued'))).toBe(
      'issued',
    )
    expect(depositErrorKind(new RateLimitError('429 Too Many Requests'))).toBe('rate-limit')
    expect(depositErrorKind(new Error('Rate limit exceeded'))).toBe('rate-limit')
    expect(depositErrorKind(new NetworkError('Network request failed'))).toBe('other')
  })

  it('payment: a coded refusal returns the proofs; already spent or unknown asks the mint', () => {
    expect(operationFailure(new MintOperationError(11005, 'transaction is not balanced'))).toBe(
      'refused',
    )
    expect(operationFailure(new MintOperationError(20004, 'lightning payment failed'))).toBe(
      'refused',
    )
    expect(operationFailure(new MintOperationError(11001, 'Token already spent.'))).toBe('spent')
    expect(operationFailure(new Error('Proofs already spent'))).toBe('spent')
    expect(operationFailure(new NetworkError('Request timed out after 5000ms'))).toBe('unknown')
    expect(operationFailure('boom')).toBe('unknown')
    expect(operationFailure({ code: 11002, message: 'proofs are pending' })).toBe('refused')
    expect(depositErrorKind({ message: 'Quote already issued' })).toBe('issued')
  })
})
