/**
 * What a failed mint call means for the wallet (spec §8). Mints answer with a NUT error code
 * and a detail text; wallets match on the text as well, since codes came late to some mints.
 */

/** How a deposit reacts: keep waiting, drop the quote and finish, or slow down. */
export type DepositErrorKind = 'not-paid' | 'issued' | 'rate-limit' | 'other'

/** After a payment or swap failed: did the mint refuse (nothing spent), or is it unknown? */
export type OperationFailure = 'refused' | 'spent' | 'unknown'

const codeOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' ? code : undefined
}

/** The error's message (an Error, or a plain `{ message }` from a worker or storage). */
export const errorText = (error: unknown): string => {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' ? message : String(error)
}

const textOf = (error: unknown): string => errorText(error).toLowerCase()

const isRateLimit = (error: unknown): boolean =>
  (error as { name?: unknown } | null)?.name === 'RateLimitError' ||
  (error as { status?: unknown } | null)?.status === 429 ||
  textOf(error).includes('rate limit')

export function depositErrorKind(error: unknown): DepositErrorKind {
  const code = codeOf(error)
  const text = textOf(error)
  if (code === 20002 || text.includes('already issued')) return 'issued'
  if (isRateLimit(error)) return 'rate-limit'
  if (code === 20001 || text.includes('not paid')) return 'not-paid'
  return 'other'
}

/**
 * A mint error with a NUT code is a refusal: the inputs were not spent, except 'already
 * spent' (11001). Anything else (network failure, timeout, a 5xx) leaves the outcome unknown,
 * so the proofs' state must be asked of the mint.
 */
export function operationFailure(error: unknown): OperationFailure {
  const code = codeOf(error)
  if (code === 11001 || textOf(error).includes('already spent')) return 'spent'
  if (code !== undefined && code >= 10000 && code < 40000) return 'refused'
  return 'unknown'
}
