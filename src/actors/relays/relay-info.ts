/**
 * The relay information document (NIP-11) over HTTP: GET of the https form of the relay URL
 * (http for loopback relays), Accept application/nostr+json, given up after 3 s (spec §7, §9).
 * Documents are kept in memory per relay, and a relay asked for twice at once is fetched once.
 * Every failure (bad URL, timeout, network, HTTP status, not JSON) reads 'Failed to load relay
 * information'; failures are not kept, so the next ask tries again.
 */
import {
  parseRelayInfo,
  powRequirement,
  RELAY_INFO_ERROR,
  type RelayInfo,
  relayInfoRequest,
} from '../../core/relays/nip11.ts'

export interface RelayInfoClient {
  /** The relay's document, from memory when it was fetched before. */
  fetchRelayInfo(url: string): Promise<RelayInfo>
  /** The proof of work the relay asks for in bits, or null (none, or no document). */
  powRequirementOf(url: string): Promise<number | null>
  /** Forgets what is known about the relay (or every relay), e.g. after it was edited. */
  forget(url?: string): void
}

export interface RelayInfoOptions {
  fetch?: typeof globalThis.fetch
  /** Defaults to the spec's 3000 ms (RELAY_INFO_TIMEOUT_MS). */
  timeoutMs?: number
}

export function createRelayInfoClient(options: RelayInfoOptions = {}): RelayInfoClient {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const known = new Map<string, Promise<RelayInfo>>() // document URL -> fetched or in flight

  async function load(url: string, accept: string, timeoutMs: number): Promise<RelayInfo> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    try {
      const response = await fetchFn(url, {
        headers: { Accept: accept },
        signal: controller.signal,
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      // The body counts against the same deadline: a relay may stall halfway.
      return parseRelayInfo(JSON.parse(await response.text()))
    } catch (cause) {
      throw new Error(RELAY_INFO_ERROR, { cause })
    } finally {
      clearTimeout(timer)
    }
  }

  function fetchRelayInfo(relayUrl: string): Promise<RelayInfo> {
    const request = relayInfoRequest(relayUrl)
    if (!request) {
      return Promise.reject(
        new Error(RELAY_INFO_ERROR, { cause: new Error(`not a relay URL: ${relayUrl}`) }),
      )
    }
    const cached = known.get(request.url)
    if (cached) return cached
    const loading = load(
      request.url,
      request.headers.Accept,
      options.timeoutMs ?? request.timeoutMs,
    )
    known.set(request.url, loading)
    loading.catch(() => {
      if (known.get(request.url) === loading) known.delete(request.url)
    })
    return loading
  }

  return {
    fetchRelayInfo,
    powRequirementOf: (url) => fetchRelayInfo(url).then(powRequirement, () => null),
    forget(url) {
      if (url === undefined) return known.clear()
      const request = relayInfoRequest(url)
      if (request) known.delete(request.url)
    },
  }
}

const shared = createRelayInfoClient()

/** The app's relay information, shared by every caller (one fetch per relay). */
export const fetchRelayInfo = (url: string): Promise<RelayInfo> => shared.fetchRelayInfo(url)
export const relayPowRequirement = (url: string): Promise<number | null> =>
  shared.powRequirementOf(url)
