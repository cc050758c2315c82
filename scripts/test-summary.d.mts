// Types of scripts/test-summary.mjs (plain JavaScript: `npm test` runs before any TypeScript tool).

export interface TestCounts {
  passed: number
  failed: number
  skipped: number
  /** Failures in no test: a file that did not load, a hook, a global error. */
  outside: number
}

export interface TestRun {
  name: string
  /** The exit code; null: killed by a signal; undefined: never started. */
  status: number | null | undefined
  /** null: the run left no report. */
  counts: TestCounts | null
}

export interface TestSummary {
  passed: number
  failed: number
  skipped: number
  problems: string[]
  line: string
  ok: boolean
}

export function vitestCounts(report: object): TestCounts
export function playwrightCounts(report: object): TestCounts
export function summariseTests(runs: readonly TestRun[]): TestSummary
