/**
 * The runtime configuration file served beside index.html (`/config.json`). One build serves the
 * public network, the local demo and the tests: only this file differs.
 */
export type RelayPermission = 'read' | 'write' | 'readwrite' | 'indexer'

export interface ConfiguredRelay {
  url: string
  permission: RelayPermission
}

export interface RuntimeConfig {
  /** The default relay set: five in the public config (three readwrite, one write, one indexer). */
  relays: ConfiguredRelay[]
  profileRelays: string[]
  indexerRelays: string[]
  recommendedRelays: string[]
  fallbackRelays: string[]
  blacklistedRelays: string[]
}

export const RUNTIME_CONFIG_PATH = '/config.json'

/**
 * The id of the JSON data block in which a host may put this file into index.html, before the
 * page's first script (README, Hosting): the first note's request then leaves with the page.
 */
export const INLINE_CONFIG_ID = 'plume-config'

const PERMISSIONS: readonly RelayPermission[] = ['read', 'write', 'readwrite', 'indexer']

const isRelayUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^wss?:\/\/[^\s]+$/i.test(value)

function urlList(raw: Record<string, unknown>, key: string): string[] {
  const value = raw[key]
  if (value === undefined) return []
  if (!Array.isArray(value) || !value.every(isRelayUrl)) {
    throw new Error(`Invalid runtime configuration: ${key} must be a list of ws:// or wss:// URLs`)
  }
  return value
}

/** Validates the parsed JSON of `/config.json`; throws a message that names the bad field. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (typeof raw !== 'object' || raw === null) {
    throw new Error('Invalid runtime configuration: expected a JSON object')
  }
  const record = raw as Record<string, unknown>
  const relays = record.relays
  if (!Array.isArray(relays)) {
    throw new Error('Invalid runtime configuration: relays must be a list')
  }
  const parsed = relays.map((entry, index): ConfiguredRelay => {
    const { url, permission } = (entry ?? {}) as Record<string, unknown>
    if (!isRelayUrl(url) || !PERMISSIONS.includes(permission as RelayPermission)) {
      throw new Error(
        `Invalid runtime configuration: relays[${index}] needs a url and a permission`,
      )
    }
    return { url, permission: permission as RelayPermission }
  })
  return {
    relays: parsed,
    profileRelays: urlList(record, 'profileRelays'),
    indexerRelays: urlList(record, 'indexerRelays'),
    recommendedRelays: urlList(record, 'recommendedRelays'),
    fallbackRelays: urlList(record, 'fallbackRelays'),
    blacklistedRelays: urlList(record, 'blacklistedRelays'),
  }
}

/** Relays the app reads notes from. */
export const readRelays = (config: RuntimeConfig): string[] =>
  config.relays
    .filter((relay) => relay.permission === 'read' || relay.permission === 'readwrite')
    .map((relay) => relay.url)

/** A configuration for a set of local relays: every relay readwrite, no dynamic extras. */
export function localRuntimeConfig(relayUrls: string[]): RuntimeConfig {
  return {
    relays: relayUrls.map((url) => ({ url, permission: 'readwrite' })),
    profileRelays: [],
    indexerRelays: [],
    recommendedRelays: [],
    fallbackRelays: [],
    blacklistedRelays: [],
  }
}
