/** The table on stdout, app problems after it, and bench/results/latest.json for tooling. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { formatTable, type ScoredRow } from './table.ts'

export interface Report {
  generatedAt: string
  chromium: string
  node: string
  runs: number
  rows: ScoredRow[]
  /** Distinct problems seen in the app's pages, with how many runs showed each. */
  problems: { message: string; runs: number }[]
  /** Runs that never showed a note (not in the medians). */
  failures: string[]
}

/** Counts each distinct message once per run it appeared in. */
export function tallyProblems(perRun: string[][]): Report['problems'] {
  const counts = new Map<string, number>()
  for (const run of perRun)
    for (const message of new Set(run)) counts.set(message, (counts.get(message) ?? 0) + 1)
  return [...counts].map(([message, runs]) => ({ message, runs })).sort((a, b) => b.runs - a.runs)
}

export function printReport(report: Report): void {
  console.log(formatTable(report.rows))
  console.log(`\nChromium ${report.chromium}, ${report.runs} cold runs each, Node ${report.node}.`)
  for (const row of report.rows) {
    const error = row.details?.error
    if (typeof error === 'string') console.log(`${row.name}: ${error}`)
  }
  if (report.failures.length > 0) {
    console.log('\nRuns left out (no note shown):')
    for (const failure of report.failures) console.log(`  ${failure}`)
  }
  if (report.problems.length > 0) {
    console.log('\nProblems seen in Plume while measuring:')
    for (const { message, runs } of report.problems) console.log(`  [${runs} run(s)] ${message}`)
  }
}

export function saveReport(root: string, report: Report): string {
  const dir = join(root, 'bench', 'results')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'latest.json')
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
  return file
}
