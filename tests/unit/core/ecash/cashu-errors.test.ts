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

  it('payment: a proven refusal returns the proofs; spent, pending or unknown asks the mint', () => {
    expect(operationFailure(new MintOperationError(11005, 'transaction is not balanced'))).toBe(
      'refused',
    )
    // NUT-00 codes that prove the mint checked and refused before acting.
    for (const code of [10001, 11003, 11007, 11010, 12001, 12002, 20001, 20007, 20008]) {
      expect(operationFailure(new MintOperationError(code, 'refused')), String(code)).toBe(
        'refused',
      )
    }
    // The mint tried to pay, or issued before: unknown, its checkstate decides.
    expect(operationFailure(new MintOperationError(20004, 'lightning payment failed'))).toBe(
      'unknown',
    )
    expect(operationFailure(new MintOperationError(20002, 'quote already issued'))).toBe('unknown')
    expect(operationFailure(new MintOperationError(20006, 'invoice already paid'))).toBe('unknown')
    // A code no NUT names (a proxy's, a newer mint's) proves nothing.
    expect(operationFailure(new MintOperationError(11000, 'something'))).toBe('unknown')
    expect(operationFailure(new MintOperationError(49999, 'something'))).toBe('unknown')
    expect(operationFailure(new MintOperationError(11001, 'Token already spent.'))).toBe('spent')
    expect(operationFailure(new Error('Proofs already spent'))).toBe('spent')
    expect(operationFailure(new NetworkError('Request timed out after 5000ms'))).toBe('unknown')
    expect(operationFailure('boom')).toBe('unknown')
    expect(operationFailure({ code: 11002, message: 'proofs are pending' })).toBe('pending')
    expect(operationFailure(new MintOperationError(20005, 'quote is pending'))).toBe('pending')
    expect(depositErrorKind({ message: 'Quote already issued' })).toBe('issued')
  })
})
