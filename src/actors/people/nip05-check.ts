/**
 * NIP-05 verification over HTTP: fetch the domain's nostr.json and check that it names this
 * pubkey. Any failure (bad address, network, CORS, timeout, not JSON, a redirect, which NIP-05
 * forbids) is just "not verified": the profile shows no badge and no error.
 */
import { nip05DocumentUrl, nip05Verifies, parseNip05 } from '../../core/people/nip05.ts'

/** A document that takes longer than this is not worth waiting for. */
export const NIP05_TIMEOUT_MS = 5000

export async function checkNip05(
  identifier: string,
  pubkey: string,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const address = parseNip05(identifier)
  if (!address) return false
  try {
    const response = await fetcher(nip05DocumentUrl(address), {
      redirect: 'error',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(NIP05_TIMEOUT_MS),
    })
    if (!response.ok) return false
    return nip05Verifies(await response.json(), address, pubkey)
  } catch {
    return false
  }
}
