/**
 * Mint errors as NUT error codes (reference/nuts/error_codes.md): the server answers them with
 * HTTP 400 `{ detail, code }`, which cashu-ts turns into a MintOperationError carrying both.
 * Details follow nutshell's wording where wallets match on it ('quote not paid',
 * 'quote already issued').
 */
export class MintError extends Error {
  constructor(
    readonly code: number,
    readonly detail: string,
  ) {
    super(detail)
    this.name = 'MintError'
  }
}

export const Code = {
  proofInvalid: 10001,
  alreadySpent: 11001,
  pending: 11002,
  outputsSigned: 11003,
  unbalanced: 11005,
  amountRange: 11006,
  duplicateInputs: 11007,
  duplicateOutputs: 11008,
  multipleUnits: 11009,
  unitMismatch: 11010,
  unitUnsupported: 11013,
  keysetUnknown: 12001,
  keysetInactive: 12002,
  quoteNotPaid: 20001,
  quoteIssued: 20002,
  lightningFailed: 20004,
  quotePending: 20005,
  invoicePaid: 20006,
  quoteSignatureInvalid: 20008,
} as const

export function fail(code: number, detail: string): never {
  throw new MintError(code, detail)
}
