/**
 * One row per measure, printed as a markdown table and saved as JSON. Ratios are against the
 * reference run in the same process, so they travel between machines better than raw numbers.
 */

/** "At most" targets: every target in the issue is a ceiling. */
export interface Target {
  max: number
  /** true: value <= max passes; false: value < max passes. */
  inclusive: boolean
}

export interface Row {
  name: string
  unit: string
  value: number
  /** The same measure on the reference page; null when it has no meaningful counterpart. */
  reference: number | null
  target: Target | null
  /** Saved to latest.json only: per-run numbers, file lists, cross-checks. */
  details?: Record<string, unknown>
}

export type Verdict = 'pass' | 'fail' | 'info' | 'error'

export interface ScoredRow extends Row {
  ratio: number | null
  verdict: Verdict
}

export function score(row: Row): ScoredRow {
  const ratio =
    row.reference !== null && row.reference > 0 && Number.isFinite(row.value)
      ? row.value / row.reference
      : null
  let verdict: Verdict = 'info'
  if (!Number.isFinite(row.value)) verdict = 'error'
  else if (row.target) {
    const { max, inclusive } = row.target
    verdict = (inclusive ? row.value <= max : row.value < max) ? 'pass' : 'fail'
  }
  return { ...row, ratio, verdict }
}

/** A row for a measure that threw: the table still prints, and the run exits non-zero. */
export const errorRow = (name: string, error: unknown): Row => ({
  name,
  unit: '',
  value: Number.NaN,
  reference: null,
  target: null,
  details: { error: error instanceof Error ? error.message : String(error) },
})

/** KiB keep a decimal (a 0.1 KiB change is visible), except round targets; ms are too noisy for one. */
const number = (value: number, unit: string, exact = false): string => {
  if (!Number.isFinite(value)) return 'n/a'
  const decimal =
    unit === 'KiB' ? !(exact && Number.isInteger(value)) : unit !== 'ms' && !Number.isInteger(value)
  return `${value.toFixed(decimal ? 1 : 0)}${unit ? ` ${unit}` : ''}`
}

const targetText = (row: Row): string =>
  row.target ? `${row.target.inclusive ? '≤' : '<'} ${number(row.target.max, row.unit, true)}` : '—'

export function formatTable(rows: ScoredRow[]): string {
  const header = ['measure', 'value', 'reference', 'ratio', 'target', 'verdict']
  const cells = rows.map((row) => [
    row.name,
    number(row.value, row.unit),
    row.reference === null ? '—' : number(row.reference, row.unit),
    row.ratio === null ? '—' : `${row.ratio.toFixed(2)}×`,
    targetText(row),
    row.verdict,
  ])
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((c) => c[i]!.length)))
  const line = (values: string[]): string =>
    `| ${values.map((value, i) => value.padEnd(widths[i]!)).join(' | ')} |`
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`
  return [line(header), rule, ...cells.map(line)].join('\n')
}
