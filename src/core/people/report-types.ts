/**
 * The report types of NIP-56, apart from the rest of reporting (report.ts): a note's warning
 * (core/feed/report-warning.ts) names them, and it shows on the first screen, while making and
 * reading reports waits for the dialog and the engagement asks (0.4 KiB gzip off the first note).
 */

/** NIP-56 report types, in its order. */
export const REPORT_TYPES = [
  'nudity',
  'malware',
  'profanity',
  'illegal',
  'spam',
  'impersonation',
  'other',
] as const
export type ReportType = (typeof REPORT_TYPES)[number]
