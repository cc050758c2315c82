/** Profile metadata (kind 0) as the spec's §3 defines it. */
import { npubOf } from '../platform/npub.ts'

export interface ProfileMetadata {
  name: string
  display_name: string
  picture: string
  about: string
  nip05: string
  website: string
  banner: string
  lud16: string
  lud06: string
}

const FIELDS = ['name', 'picture', 'about', 'nip05', 'website', 'banner', 'lud16', 'lud06'] as const

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** Missing fields become empty strings; content that is not a JSON object gives null. */
export function parseProfileMetadata(content: string): ProfileMetadata | null {
  let raw: unknown
  try {
    raw = JSON.parse(content)
  } catch {
    return null
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null
  const record = raw as Record<string, unknown>
  const metadata = { display_name: text(record.display_name) || text(record.displayName) }
  for (const field of FIELDS) Object.assign(metadata, { [field]: text(record[field]) })
  return metadata as ProfileMetadata
}

/** npub short form: 13 characters at each end (spec §9). */
export function shortNpub(pubkey: string): string {
  const npub = npubOf(pubkey)
  return `${npub.slice(0, 13)}…${npub.slice(-13)}`
}

/** Short hex form: 9 characters at each end (spec §9). */
export const shortHex = (hex: string): string => `${hex.slice(0, 9)}…${hex.slice(-9)}`

/** The name to show: display_name, then name, then the short npub. */
export function displayName(metadata: ProfileMetadata | null | undefined, pubkey: string): string {
  return metadata?.display_name.trim() || metadata?.name.trim() || shortNpub(pubkey)
}

/** The hue (0 to 359) a person without a picture shows, from the first 16 bits of their pubkey. */
export const avatarHue = (pubkey: string): number => Number.parseInt(pubkey.slice(0, 4), 16) % 360

/** The colour behind the letter of a person without a picture. */
export const avatarBackground = (pubkey: string): string => `hsl(${avatarHue(pubkey)} 45% 35%)`
