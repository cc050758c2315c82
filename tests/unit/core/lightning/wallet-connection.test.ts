import { describe, expect, it } from 'vitest'
import {
  AUTO_CONNECT_FRESH_MS,
  AUTO_CONNECT_INFO_TIMEOUT_MS,
  CONNECT_ATTEMPTS,
  CONNECT_RETRY_DELAY_MS,
  connectFailedText,
  isRetryableWalletError,
  LOGIN_REQUIRED,
  NWC_CONNECT_FAILED,
  PROVIDER_NOT_READY,
  RESPONSE_FLUSH_MS,
  WALLET_NOT_CONNECTED,
  WEBLN_CONNECT_FAILED,
  walletErrorText,
} from '../../../../src/core/lightning/wallet-connection.ts'

describe('wallet connection rules (spec §4, §8, §9)', () => {
  it('constants', () => {
    expect(CONNECT_ATTEMPTS).toBe(3)
    expect(CONNECT_RETRY_DELAY_MS).toBe(2000)
    expect(AUTO_CONNECT_INFO_TIMEOUT_MS).toBe(10_000)
    expect(AUTO_CONNECT_FRESH_MS).toBe(30 * 24 * 3600 * 1000)
    expect(RESPONSE_FLUSH_MS).toBe(2500)
  })

  it('retries only errors that mention network, timeout or fetch', () => {
    expect(isRetryableWalletError('Network error: could not reach wss://r')).toBe(true)
    expect(isRetryableWalletError('Request timed out after 10000ms')).toBe(true)
    expect(isRetryableWalletError('connection timeout')).toBe(true)
    expect(isRetryableWalletError('Failed to fetch')).toBe(true)
    expect(isRetryableWalletError('Unauthorized (UNAUTHORIZED)')).toBe(false)
    expect(isRetryableWalletError('Wallet not found or could not be decrypted')).toBe(false)
  })

  it('connect failures name the wallet kind and the cause', () => {
    expect(connectFailedText('nwc', 'Request timed out after 10000ms')).toBe(
      'Failed to connect NWC wallet: Request timed out after 10000ms',
    )
    expect(connectFailedText('webln', '')).toBe('Failed to connect WebLN wallet')
    expect(connectFailedText('nwc', NWC_CONNECT_FAILED)).toBe('Failed to connect NWC wallet')
  })

  it("the wallet's failures read 'Error: {message}'", () => {
    expect(walletErrorText('Wallet not connected')).toBe('Error: Wallet not connected')
  })

  it("the spec's texts", () => {
    expect(WALLET_NOT_CONNECTED).toBe('Wallet not connected')
    expect(NWC_CONNECT_FAILED).toBe('Failed to connect NWC wallet')
    expect(WEBLN_CONNECT_FAILED).toBe('Failed to connect WebLN wallet')
    expect(PROVIDER_NOT_READY).toBe('Provider not ready')
    expect(LOGIN_REQUIRED).toBe('Login Required')
  })
})
