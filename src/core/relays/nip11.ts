/**
 * The relay information document (NIP-11): fetched from the https form of the relay URL with
 * Accept application/nostr+json and a 3 s timeout (spec §7, §9). A relay's document is input
 * from the network: every field is checked and a field of the wrong type is left out.
 */
import { relayHttpUrl } from './relay-url.ts'

export const RELAY_INFO_TIMEOUT_MS = 3000
export const RELAY_INFO_ERROR = 'Failed to load relay information'
export const RELAY_INFO_ACCEPT = 'application/nostr+json'

/** The names relays use for a proof-of-work requirement (§7), at the top level or in limitation. */
const POW_FIELDS = ['nip13', 'pow', 'difficulty', 'target_pow', 'min_pow_difficulty'] as const
type PowField = (typeof POW_FIELDS)[number]
type PowFields = Partial<Record<PowField, number>>

export interface RelayLimitation extends PowFields {
  max_message_length?: number
  max_subscriptions?: number
  max_limit?: number
  max_subid_length?: number
  max_event_tags?: number
  max_content_length?: number
  auth_required?: boolean
  payment_required?: boolean
  restricted_writes?: boolean
  created_at_lower_limit?: number
  created_at_upper_limit?: number
  default_limit?: number
}

export interface RelayInfo extends PowFields {
  name?: string
  description?: string
  pubkey?: string
  self?: string
  contact?: string
  supported_nips?: number[]
  software?: string
  version?: string
  icon?: string
  banner?: string
  terms_of_service?: string
  limitation?: RelayLimitation
}

const LIMITATION_NUMBERS = [
  'max_message_length',
  'max_subscriptions',
  'max_limit',
  'max_subid_length',
  'max_event_tags',
  'max_content_length',
  'created_at_lower_limit',
  'created_at_upper_limit',
  'default_limit',
] as const
const LIMITATION_FLAGS = ['auth_required', 'payment_required', 'restricted_writes'] as const
const TEXT_FIELDS = ['name', 'description', 'contact', 'software', 'version'] as const
const LINK_FIELDS = ['icon', 'banner', 'terms_of_service'] as const
const KEY_FIELDS = ['pubkey', 'self'] as const

const HEX_KEY = /^[0-9a-f]{64}$/i
const HTTP_LINK = /^https?:\/\/\S+$/i

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}

/** A finite number, or a string holding one ("20"); anything else undefined. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value)
    return Number.isFinite(parsed) ? parsed : undefined
  }
  return undefined
}

/**
 * A difficulty in bits: a number or numeric string, or an object holding one under any PoW name
 * (`"nip13": { "min_pow_difficulty": 20 }`); the highest such value when there are several.
 */
function difficultyOf(value: unknown): number | undefined {
  const direct = numberOf(value)
  if (direct !== undefined) return direct
  const nested = record(value)
  if (!nested) return undefined
  const values = POW_FIELDS.map((field) => numberOf(nested[field])).filter(
    (n): n is number => n !== undefined,
  )
  return values.length > 0 ? Math.max(...values) : undefined
}

function powFields(raw: Record<string, unknown>): PowFields {
  const fields: PowFields = {}
  for (const field of POW_FIELDS) {
    const value = difficultyOf(raw[field])
    if (value !== undefined) fields[field] = value
  }
  return fields
}

function parseLimitation(raw: Record<string, unknown>): RelayLimitation {
  const limitation: RelayLimitation = powFields(raw)
  for (const field of LIMITATION_NUMBERS) {
    const value = numberOf(raw[field])
    if (value !== undefined) limitation[field] = value
  }
  for (const field of LIMITATION_FLAGS) {
    if (typeof raw[field] === 'boolean') limitation[field] = raw[field]
  }
  return limitation
}

/** Reads a NIP-11 document, given as parsed JSON or as its text; anything unusable gives {}. */
export function parseRelayInfo(json: unknown): RelayInfo {
  let value = json
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return {}
    }
  }
  const raw = record(value)
  if (!raw) return {}
  const info: RelayInfo = powFields(raw)
  for (const field of TEXT_FIELDS) {
    const text = raw[field]
    if (typeof text === 'string' && text.trim() !== '') info[field] = text
  }
  for (const field of LINK_FIELDS) {
    const link = raw[field]
    if (typeof link === 'string' && HTTP_LINK.test(link.trim())) info[field] = link.trim()
  }
  for (const field of KEY_FIELDS) {
    const key = raw[field]
    if (typeof key === 'string' && HEX_KEY.test(key)) info[field] = key.toLowerCase()
  }
  if (Array.isArray(raw.supported_nips)) {
    const nips = raw.supported_nips
      .map(numberOf)
      .filter((n): n is number => n !== undefined && Number.isInteger(n) && n >= 0)
    info.supported_nips = [...new Set(nips)]
  }
  const limitation = record(raw.limitation)
  if (limitation) info.limitation = parseLimitation(limitation)
  return info
}

/** Leading zero bits of an event id can be 1 to 256; anything else is no requirement. */
const isDifficulty = (bits: number | undefined): bits is number =>
  bits !== undefined && bits >= 1 && bits <= 256

/**
 * The proof of work a relay asks for, in bits: the highest of nip13, pow, difficulty, target_pow
 * and min_pow_difficulty, at the top level and under limitation; null when it asks for none.
 * Capping (24 bits, spec §9) is the miner's business, not this reading's.
 */
export function powRequirement(info: RelayInfo): number | null {
  const candidates = [info, info.limitation ?? {}]
    .flatMap((fields) => POW_FIELDS.map((field) => fields[field]))
    .filter(isDifficulty)
    .map(Math.ceil)
  return candidates.length > 0 ? Math.max(...candidates) : null
}

export interface RelayInfoRequest {
  url: string
  headers: { Accept: string }
  timeoutMs: number
}

/** The GET to make for a relay's document, or null when the relay URL is invalid. */
export function relayInfoRequest(relayUrl: string): RelayInfoRequest | null {
  const url = relayHttpUrl(relayUrl)
  return url === null
    ? null
    : { url, headers: { Accept: RELAY_INFO_ACCEPT }, timeoutMs: RELAY_INFO_TIMEOUT_MS }
}
