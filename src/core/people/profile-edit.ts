/**
 * Editing one's own profile (kind 0, spec §3): the form holds every field of the profile
 * metadata; the published content is the current metadata with those fields replaced, so fields
 * this client does not know (set by other clients) survive. Values are checked first, each with a
 * clear message; an empty field is simply left out.
 */

import { httpUrl } from '../platform/http-url.ts'
import { replacementCreatedAt } from '../relays/nip01.ts'
import { decodeLnurl, lud16Problem } from './lnurl.ts'
import { parseNip05 } from './nip05.ts'
import { parseProfileMetadata } from './profile.ts'
import { websiteLink } from './website.ts'

export const METADATA_KIND = 0

/** The form's fields, in the order shown: every field of the profile metadata (§3). */
export const PROFILE_FIELDS = [
  'display_name',
  'name',
  'picture',
  'banner',
  'about',
  'website',
  'nip05',
  'lud16',
  'lud06',
] as const

export type ProfileField = (typeof PROFILE_FIELDS)[number]
export type ProfileForm = Record<ProfileField, string>
export type ProfileFormErrors = Partial<Record<ProfileField, string>>

/** Ours (the spec gives none for these fields); LUD texts are the spec's (lightning §5). */
export const PROFILE_EDIT_MESSAGES = {
  picture: 'Picture must be an http or https URL',
  banner: 'Banner must be an http or https URL',
  website: 'Website must be an http or https address',
  nip05: 'NIP-05 address must look like name@example.com',
  unreadable:
    'Your profile could not be read from any relay, so it cannot be edited safely: saving now would replace what other clients stored in it. Try again when a relay answers.',
} as const

export const emptyProfileForm = (): ProfileForm =>
  Object.fromEntries(PROFILE_FIELDS.map((field) => [field, ''])) as ProfileForm

/** The form for the current metadata content (null: no profile yet, or content not JSON). */
export function profileFormOf(content: string | null): ProfileForm {
  const metadata = content === null ? null : parseProfileMetadata(content)
  const form = emptyProfileForm()
  if (metadata) for (const field of PROFILE_FIELDS) form[field] = metadata[field]
  return form
}

/** The problem with each field that has one; empty when the form can be published. */
export function profileFormErrors(form: ProfileForm): ProfileFormErrors {
  const errors: ProfileFormErrors = {}
  const value = (field: ProfileField) => form[field].trim()
  if (value('picture') && !httpUrl(value('picture'))) errors.picture = PROFILE_EDIT_MESSAGES.picture
  if (value('banner') && !httpUrl(value('banner'))) errors.banner = PROFILE_EDIT_MESSAGES.banner
  if (value('website') && !websiteLink(value('website')))
    errors.website = PROFILE_EDIT_MESSAGES.website
  if (value('nip05') && !parseNip05(value('nip05'))) errors.nip05 = PROFILE_EDIT_MESSAGES.nip05
  const lud16 = value('lud16') ? lud16Problem(value('lud16')) : null
  if (lud16) errors.lud16 = lud16
  if (value('lud06')) {
    try {
      decodeLnurl(value('lud06'))
    } catch (error) {
      errors.lud06 = (error as Error).message
    }
  }
  return errors
}

function objectOf(content: string | null): Record<string, unknown> {
  if (content === null) return {}
  try {
    const raw: unknown = JSON.parse(content)
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/**
 * The new content: the current JSON object with the form's fields set (trimmed; empty ones left
 * out) and every other key kept. The old `displayName` spelling goes, since display_name now says
 * what it said and a stale copy would come back as the fallback when display_name is cleared.
 */
export function profileContent(current: string | null, form: ProfileForm): string {
  const next: Record<string, unknown> = { ...objectOf(current) }
  delete next.displayName
  for (const field of PROFILE_FIELDS) {
    const value = form[field].trim()
    if (value === '') delete next[field]
    else next[field] = value
  }
  return JSON.stringify(next)
}

export interface MetadataEvent {
  tags: string[][]
  content: string
  created_at: number
}

/** The kind 0 to sign, dated after the one it replaces; its tags kept. */
export function metadataTemplate(base: MetadataEvent | null, content: string, nowSeconds: number) {
  return {
    kind: METADATA_KIND,
    created_at: replacementCreatedAt(nowSeconds, base?.created_at),
    tags: base ? base.tags.map((tag) => [...tag]) : [],
    content,
  }
}
