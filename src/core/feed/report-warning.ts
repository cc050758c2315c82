/**
 * The warning over a note that people the user follows reported (NIP-56): "Reported for spam by
 * Alice", "Reported for spam and nudity by Alice and 2 others". The note stays readable: NIP-56
 * leaves what to do with reports to each client, and a report is one person's view.
 */
import type { NoteReport } from '../people/report.ts'
import { REPORT_TYPES, type ReportType } from '../people/report-types.ts'

/** How a note's warning names a type: "Reported for {word} by ...". */
export const REPORT_WORDS: Record<ReportType, string> = {
  nudity: 'nudity',
  malware: 'malware',
  profanity: 'profanity',
  illegal: 'illegal content',
  spam: 'spam',
  impersonation: 'impersonation',
  other: 'another reason',
}

/** A report as a note's engagement keeps it: who, and for what. */
export type ReportBy = Pick<NoteReport, 'reporter' | 'type'>

/**
 * The reports of one note by the people followed, each reporter once (their first report), from
 * the events' reports in any order.
 */
export function reportsByFollowed(
  reports: readonly ReportBy[],
  follows: ReadonlySet<string>,
): ReportBy[] {
  const byReporter = new Map<string, ReportBy>()
  for (const report of reports) {
    if (!follows.has(report.reporter) || byReporter.has(report.reporter)) continue
    byReporter.set(report.reporter, { reporter: report.reporter, type: report.type })
  }
  return [...byReporter.values()]
}

const joined = (words: readonly string[]): string =>
  words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`

/**
 * The warning line, or null for no reports: the types most reported first (NIP-56's order among
 * equals), the first reporter named and the rest counted.
 */
export function reportWarning(
  reports: readonly ReportBy[],
  nameOf: (pubkey: string) => string,
): string | null {
  const first = reports[0]
  if (!first) return null
  const counts = new Map<string, number>()
  for (const report of reports) counts.set(report.type, (counts.get(report.type) ?? 0) + 1)
  const types = REPORT_TYPES.filter((type) => counts.has(type)).sort(
    (a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0),
  )
  const others = reports.length - 1
  const by =
    others === 0
      ? nameOf(first.reporter)
      : `${nameOf(first.reporter)} and ${others} other${others === 1 ? '' : 's'}`
  return `Reported for ${joined(types.map((type) => REPORT_WORDS[type]))} by ${by}`
}
