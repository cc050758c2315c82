/**
 * The user's CORS proxy for LNURL requests (spec decisions: the public proxy retry is a setting,
 * off by default, so a user's payment data goes to no third party unless they choose it). Only
 * zaps the user starts use it (zap totals never do): the proxy is trusted with those payments.
 * Kept in local storage under `plume.lnurlCorsProxy`: blank or absent means no proxy.
 */
import { corsProxyProblem } from '../../core/lightning/lnurl-pay.ts'

export const CORS_PROXY_STORAGE_KEY = 'plume.lnurlCorsProxy'

/** The proxy URL the user set, or null (none, or unreadable storage). */
export function readCorsProxy(): string | null {
  try {
    const value = localStorage.getItem(CORS_PROXY_STORAGE_KEY)?.trim() ?? ''
    return value && corsProxyProblem(value) === null ? value : null
  } catch {
    return null
  }
}

/** Saves the proxy (blank removes it); returns the setting's problem instead when it has one. */
export function writeCorsProxy(input: string): string | null {
  const value = input.trim()
  const problem = corsProxyProblem(value)
  if (problem) return problem
  try {
    if (value) localStorage.setItem(CORS_PROXY_STORAGE_KEY, value)
    else localStorage.removeItem(CORS_PROXY_STORAGE_KEY)
  } catch {
    // Storage refused (private mode): the proxy stays off, as by default.
  }
  return null
}
