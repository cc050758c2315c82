/**
 * Adding a mint (spec §7, §8, §9): the URL as typed becomes the mint's base URL (https, or http
 * on a loopback host per the spec decisions; no trailing slash), and loading its info and
 * keysets is time-boxed to 5000 ms ('timeout loading mint'), a failure being reported as
 * 'unable to load wallet for mint {url}'.
 */
import { messageOf } from '../platform/error-message.ts'
import { isLoopbackHost } from '../platform/loopback.ts'

export const MINT_LOAD_TIMEOUT_MS = 5000

/**
 * Every single request to a mint (info, keys, quotes, swap, melt, mint, checkstate, restore)
 * gives up after this long: an answer that never comes must not hold an operation for ever. A
 * request that timed out leaves its outcome unknown (NUT-07 checkstate and NUT-09 restore decide).
 */
export const MINT_REQUEST_TIMEOUT_MS = 15_000

export const MINT_ERRORS = {
  required: 'Please enter a mint URL',
  invalid: 'Invalid mint URL',
  https: 'Mint URL must be https',
  timeout: 'timeout loading mint',
  unableToLoad: (url: string) => `unable to load wallet for mint ${url}`,
  notEnough: 'Not enough funds available to send',
  amount: 'Enter an amount of at least 1 sat',
} as const

/** The mint's base URL, or throws one of MINT_ERRORS' messages. */
export function normalizeMintUrl(input: string): string {
  const text = input.trim()
  if (!text) throw new Error(MINT_ERRORS.required)
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`)
  } catch {
    throw new Error(MINT_ERRORS.invalid)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(MINT_ERRORS.invalid)
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) throw new Error(MINT_ERRORS.https)
  if (url.search || url.hash || url.username || url.password) throw new Error(MINT_ERRORS.invalid)
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

/** A whole number of sats above zero, or throws MINT_ERRORS.amount. */
export function parseSats(text: string): number {
  const trimmed = text.trim().replace(/[,_\s]/g, '')
  const amount = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
  if (!Number.isSafeInteger(amount) || amount < 1) throw new Error(MINT_ERRORS.amount)
  return amount
}

/** Rejects with 'timeout loading mint' when `work` takes longer than `ms`. */
export function withMintTimeout<T>(work: Promise<T>, ms = MINT_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(MINT_ERRORS.timeout)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** An error's text and, for a load failure, its cause: 'unable to … (timeout loading mint)'. */
export function mintErrorText(error: unknown): string {
  const message = messageOf(error)
  const cause = error instanceof Error ? error.cause : undefined
  return cause instanceof Error && cause.message ? `${message} (${cause.message})` : message
}
