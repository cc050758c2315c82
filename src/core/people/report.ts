/**
 * Reports (NIP-56): a kind 1984 naming a person (`p` tag) and, for a note, the note (`e` tag),
 * with the report type as the third entry of the tag reported; the content is an optional
 * comment. Reports received are untrusted: a tag that is not a well-formed id with a known type
 * is ignored, and an event with no such tag reports nothing.
 */
import type { EventTemplate, NostrEvent } from 'nostr-tools/pure'
import { withClientTag } from '../platform/nip89.ts'
import { publishProblem } from '../relays/publish-checks.ts'
import { REPORT_TYPES, type ReportType } from './report-types.ts'

export const REPORT_KIND = 1984

export { REPORT_TYPES, type ReportType } from './report-types.ts'

/** What the report dialog offers, in plain words (NIP-56 describes each type). */
export const REPORT_LABELS: Record<ReportType, string> = {
  nudity: 'Nudity or sexual content',
  malware: 'Malware or a harmful link',
  profanity: 'Profanity or hateful speech',
  illegal: 'Something that may be illegal',
  spam: 'Spam',
  impersonation: 'Impersonation',
  other: 'Something else',
}

/** NIP-56: "Some report tags only make sense for profile reports, such as impersonation". */
export const NOTE_REPORT_TYPES: readonly ReportType[] = REPORT_TYPES.filter(
  (type) => type !== 'impersonation',
)

/** Ours, where the spec is silent. */
export const REPORT_MESSAGES = {
  signInRequired: 'Log in to report',
  ownReport: 'You cannot report yourself',
  /** No relay accepted the report. */
  failed: 'Report not sent',
  offline: 'You are offline: the report was not sent. Try again once you are back online.',
  /** Said once a relay accepted the report. */
  done: 'Report sent',
} as const

/** Who or what is reported: a person, or one of their notes. */
export interface ReportTarget {
  pubkey: string
  /** The note reported; absent for the person. */
  noteId?: string
}

export interface ReportRequest {
  target: ReportTarget
  /** Who is logged in and can sign (hex), or null. */
  user: string | null
  /** The relay pool runs. */
  ready: boolean
  /** Where the report goes: the user's write relays. */
  relays: readonly string[]
}

const HEX64 = /^[0-9a-f]{64}$/

export const isReportType = (value: unknown): value is ReportType =>
  typeof value === 'string' && (REPORT_TYPES as readonly string[]).includes(value)

/** The types the dialog offers for this target. */
export const reportTypesFor = (target: ReportTarget): readonly ReportType[] =>
  target.noteId === undefined ? REPORT_TYPES : NOTE_REPORT_TYPES

/** Why this report cannot be made now, or null when it can. */
export function reportProblem(request: ReportRequest): string | null {
  const unpublishable = publishProblem({ clientReady: request.ready, relays: request.relays })
  if (unpublishable) return unpublishable
  if (request.user === null) return REPORT_MESSAGES.signInRequired
  if (request.user.toLowerCase() === request.target.pubkey.toLowerCase())
    return REPORT_MESSAGES.ownReport
  return null
}

/**
 * The kind 1984 for a target: a note's `e` tag carries the type and its author's `p` tag stands
 * alone; a person's `p` tag carries it (NIP-56 § Tags).
 */
export function reportTemplate(
  target: ReportTarget,
  type: ReportType,
  comment: string,
  createdAt: number,
): EventTemplate {
  const tags =
    target.noteId === undefined
      ? [['p', target.pubkey, type]]
      : [
          ['e', target.noteId, type],
          ['p', target.pubkey],
        ]
  return {
    kind: REPORT_KIND,
    created_at: createdAt,
    content: comment.trim(),
    tags: withClientTag(tags),
  }
}

/** One note reported by one person, as a received report says. */
export interface NoteReport {
  noteId: string
  reporter: string
  type: ReportType
}

/**
 * The notes a received report names, each with its type: `e` tags with a 64-hex id and a known
 * type as the third entry. Any other tag, and any other kind, says nothing.
 */
export function noteReportsOf(event: NostrEvent): NoteReport[] {
  if (event.kind !== REPORT_KIND || !Array.isArray(event.tags)) return []
  const reports: NoteReport[] = []
  const seen = new Set<string>()
  for (const tag of event.tags) {
    if (!Array.isArray(tag)) continue
    const [name, id, type] = tag
    if (name !== 'e' || typeof id !== 'string' || !HEX64.test(id) || !isReportType(type)) continue
    if (seen.has(id)) continue
    seen.add(id)
    reports.push({ noteId: id, reporter: event.pubkey, type })
  }
  return reports
}
