/**
 * The wallet connection's rules (spec §3, §4, §8, §9): what a connected wallet tells us, which
 * failures of a stored connection are worth retrying, the constants and the texts.
 */

export type WalletType = 'nwc' | 'webln'

/** Wallet info (spec §3); balance in sats, null until read or when the wallet does not say. */
export interface WalletInfo {
  connected: true
  balance: number | null
  walletPubkey: string | null
  lud16: string | null
  lud06: string | null
  walletType: WalletType
  alias: string | null
  /** Methods the wallet supports (NIP-47 get_info); empty when unknown. */
  methods: string[]
}

// Constants of spec §9.
export const CONNECT_ATTEMPTS = 3
export const CONNECT_RETRY_DELAY_MS = 2000
export const AUTO_CONNECT_INFO_TIMEOUT_MS = 10_000
export const AUTO_CONNECT_FRESH_MS = 30 * 24 * 60 * 60 * 1000
export const RESPONSE_FLUSH_MS = 2500
/** Our choice (the spec gives none outside auto-connect): a manual connect waits as long. */
export const CONNECT_INFO_TIMEOUT_MS = 10_000
/** Our choice for other calls; a zap bounds its payment by its own 25 s. */
export const REQUEST_TIMEOUT_MS = 60_000

// Texts of spec §8.
export const WALLET_NOT_CONNECTED = 'Wallet not connected'
export const NWC_CONNECT_FAILED = 'Failed to connect NWC wallet'
export const WEBLN_CONNECT_FAILED = 'Failed to connect WebLN wallet'
export const PROVIDER_NOT_READY = 'Provider not ready'
export const PROVIDER_MISSING = 'No WebLN provider found: install or enable a Lightning extension'
export const LOGIN_REQUIRED = 'Login Required'

/** 'Failed to connect NWC wallet: Request timed out after 10000ms'. */
export function connectFailedText(type: WalletType, cause: string): string {
  const base = type === 'nwc' ? NWC_CONNECT_FAILED : WEBLN_CONNECT_FAILED
  const reason = cause.trim()
  return reason === '' || reason === base ? base : `${base}: ${reason}`
}

/** How the wallet's own failures read in its views (spec §8: 'Error: {message}'). */
export const walletErrorText = (message: string): string => `Error: ${message}`

/**
 * A stored connection is retried only for errors that mention network, timeout or fetch (spec
 * §4); our own timeout text says 'timed out', which counts as a timeout.
 */
export function isRetryableWalletError(message: string): boolean {
  return /network|timeout|timed out|fetch/i.test(message)
}
