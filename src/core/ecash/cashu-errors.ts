/**
 * What a failed mint call means for the wallet (spec §8). Mints answer with a NUT error code
 * and a detail text; wallets match on the text as well, since codes came late to some mints.
 */

/** What the user is told when an operation's outcome stays unknown (the mint cannot be asked). */
export const RECOVERY_ERRORS = {
  receive:
    'The mint did not confirm this receive: it will be recovered when the mint answers again',
  payment:
    'The mint did not confirm this payment: its ecash stays reserved until the mint answers again',
  send: 'The mint did not confirm this send: its ecash stays reserved until the mint answers again',
} as const

/** How a deposit reacts: keep waiting, drop the quote and finish, or slow down. */
export type DepositErrorKind = 'not-paid' | 'issued' | 'rate-limit' | 'other'

/** After a payment, swap or mint failed: what the mint provably did (see operationFailure). */
export type OperationFailure = 'refused' | 'spent' | 'pending' | 'unknown'

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
 * NUT error codes (NUT-00 "Errors", error_codes.md) after which the mint has provably neither
 * spent the inputs nor signed the outputs: it checked the request and refused it before acting.
 *
 * | code  | meaning (NUT)                              | failure   |
 * |-------|--------------------------------------------|-----------|
 * | 10001 | proof verification failed (NUT-03, 05)     | refused   |
 * | 11001 | proofs already spent (NUT-03, 05)          | spent     |
 * | 11002 | proofs are pending (NUT-07)                | pending   |
 * | 11003 | outputs already signed (NUT-03, 04, 13)    | refused   |
 * | 11004 | outputs are pending                        | unknown   |
 * | 11005 | transaction is not balanced (NUT-03)       | refused   |
 * | 11006 | amount outside of limit range (NUT-04, 05) | refused   |
 * | 11007 | duplicate inputs                           | refused   |
 * | 11008 | duplicate outputs                          | refused   |
 * | 11009 | inputs or outputs of several units         | refused   |
 * | 11010 | inputs and outputs not of the same unit    | refused   |
 * | 11011 | amountless invoice not supported (NUT-05)  | refused   |
 * | 11012 | amount in request does not match invoice   | refused   |
 * | 11013 | unit in request not supported              | refused   |
 * | 12001 | keyset not known (NUT-02)                  | refused   |
 * | 12002 | keyset inactive (NUT-02)                   | refused   |
 * | 20001 | quote not paid (NUT-04)                    | refused   |
 * | 20002 | quote already issued (NUT-04)              | unknown   |
 * | 20003 | minting disabled (NUT-04)                  | refused   |
 * | 20004 | lightning payment failed (NUT-05)          | unknown   |
 * | 20005 | quote is pending (NUT-04, 05)              | pending   |
 * | 20006 | invoice already paid (NUT-05)              | unknown   |
 * | 20007 | quote expired (NUT-04, 05)                 | refused   |
 * | 20008 | signature for mint request invalid (NUT-20)| refused   |
 *
 * 20002 may be this wallet's own earlier request whose answer was lost, 20004 and 20006 come
 * after the mint tried to pay: in those, and for any other code, the outcome is unknown.
 */
const REFUSALS: ReadonlySet<number> = new Set([
  10001, 11003, 11005, 11006, 11007, 11008, 11009, 11010, 11011, 11012, 11013, 12001, 12002, 20001,
  20003, 20007, 20008,
])

/**
 * After a payment, swap or mint failed: 'refused' (provably nothing spent nor signed: the
 * proofs may be returned and the counters forgotten), 'spent' (11001), 'pending' (11002, 20005:
 * the proofs stay reserved until the mint settles them) or 'unknown' (a network failure, a
 * timeout, a reply that does not parse, a 5xx, any other code): the proofs' state is asked of
 * the mint (NUT-07) and the outputs restored from their counters (NUT-09) before anything is
 * released.
 */
export function operationFailure(error: unknown): OperationFailure {
  const code = codeOf(error)
  if (code === 11001 || textOf(error).includes('already spent')) return 'spent'
  if (code === 11002 || code === 20005) return 'pending'
  if (code !== undefined && REFUSALS.has(code)) return 'refused'
  return 'unknown'
}
