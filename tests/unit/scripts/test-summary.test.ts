import { describe, expect, it } from 'vitest'
import {
  playwrightCounts,
  summariseTests,
  type TestRun,
  vitestCounts,
} from '../../../scripts/test-summary.mjs'

// Reports shaped as vitest's and Playwright's JSON reporters write them (fields we read, trimmed).
const result = (status: 'passed' | 'failed' | 'skipped') => ({ status })
const vitestReport = (files: { status: string; assertionResults: { status: string }[] }[]) => {
  const tests = files.flatMap((file) => file.assertionResults)
  const count = (status: string) => tests.filter((one) => one.status === status).length
  return {
    numTotalTests: tests.length,
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('skipped'),
    numTodoTests: 0,
    success: files.every((file) => file.status === 'passed'),
    testResults: files.map((file, i) => ({ name: `/repo/tests/unit/${i}.test.ts`, ...file })),
  }
}
const passingUnit = vitestReport([
  { status: 'passed', assertionResults: [result('passed'), result('passed'), result('skipped')] },
  { status: 'passed', assertionResults: [result('passed')] },
])
const playwrightReport = (stats: { expected: number; unexpected: number; skipped: number }) => ({
  stats: { startTime: '2026-11-24T11:38:15.259Z', duration: 1000, flaky: 0, ...stats },
  errors: [],
  suites: [],
})
const passingBrowser = playwrightReport({ expected: 4, unexpected: 0, skipped: 1 })

const unit = (status: number | null | undefined, report: object | null): TestRun => ({
  name: 'unit and model',
  status,
  counts: report === null ? null : vitestCounts(report),
})
const browser = (status: number | null | undefined, report: object | null): TestRun => ({
  name: 'browser',
  status,
  counts: report === null ? null : playwrightCounts(report),
})

describe('npm test: the summary line', () => {
  it('counts a normal run: every test passed', () => {
    const summary = summariseTests([unit(0, passingUnit), browser(0, passingBrowser)])
    expect(summary).toEqual({
      passed: 7,
      failed: 0,
      skipped: 2,
      problems: [],
      line: 'tests: 7 passed, 0 failed, 2 skipped',
      ok: true,
    })
  })

  it('counts a run that crashed without a report as failed and says so', () => {
    const summary = summariseTests([unit(1, null), browser(0, passingBrowser)])
    expect(summary.failed).toBe(1)
    expect(summary.ok).toBe(false)
    expect(summary.line).toBe(
      'tests: 4 passed, 1 failed, 1 skipped; unit and model: crashed (no results)',
    )
  })

  it('counts a run killed by a signal, with no report, as crashed', () => {
    const summary = summariseTests([unit(0, passingUnit), browser(null, null)])
    expect(summary.line).toBe('tests: 3 passed, 1 failed, 1 skipped; browser: crashed (no results)')
  })

  it('counts a run that ran no test as failed', () => {
    const summary = summariseTests([unit(1, vitestReport([])), browser(0, passingBrowser)])
    expect(summary.failed).toBe(1)
    expect(summary.ok).toBe(false)
    expect(summary.line).toBe('tests: 4 passed, 1 failed, 1 skipped; unit and model: ran no test')
  })

  it('fails a summary with no test at all, even when every step exited 0', () => {
    const empty = playwrightReport({ expected: 0, unexpected: 0, skipped: 0 })
    const summary = summariseTests([browser(0, empty)])
    expect(summary.line).toBe('tests: 0 passed, 1 failed, 0 skipped; browser: ran no test')
    expect(summary.ok).toBe(false)
  })

  it('counts failing tests one each, with no problem beyond them', () => {
    const failing = vitestReport([
      {
        status: 'failed',
        assertionResults: [result('passed'), result('failed'), result('failed')],
      },
    ])
    const flaky = { ...passingBrowser, stats: { ...passingBrowser.stats, flaky: 1 } }
    const summary = summariseTests([unit(1, failing), browser(1, flaky)])
    expect(summary.line).toBe('tests: 5 passed, 3 failed, 1 skipped')
    expect(summary.ok).toBe(false)
  })

  it('counts a test file that failed to load, as vitest reports it (no test in it)', () => {
    // What vitest writes for a file whose import throws: the file failed, no assertion results.
    const crashedFile = vitestReport([
      { status: 'passed', assertionResults: [result('passed')] },
      { status: 'failed', assertionResults: [] },
    ])
    expect(summariseTests([unit(1, crashedFile)]).line).toBe(
      'tests: 1 passed, 1 failed, 0 skipped; unit and model: 1 failure outside any test',
    )
    const onlyCrashed = vitestReport([
      { status: 'failed', assertionResults: [] },
      { status: 'failed', assertionResults: [] },
    ])
    expect(summariseTests([unit(1, onlyCrashed)]).line).toBe(
      'tests: 0 passed, 2 failed, 0 skipped; unit and model: 2 failures outside any test, ran no test',
    )
  })

  it("counts Playwright's errors outside tests (global setup, a spec that does not load)", () => {
    const broken = { ...passingBrowser, errors: [{ message: 'SyntaxError' }] }
    expect(summariseTests([browser(1, broken)]).line).toBe(
      'tests: 4 passed, 1 failed, 1 skipped; browser: 1 failure outside any test',
    )
  })

  it('counts a non-zero exit that no failed test explains', () => {
    expect(summariseTests([unit(1, passingUnit)]).line).toBe(
      'tests: 3 passed, 1 failed, 1 skipped; unit and model: exit code 1, no test failed',
    )
  })

  it('counts a step never started (an earlier step stopped the run) as failed', () => {
    const summary = summariseTests([unit(0, passingUnit), browser(undefined, null)])
    expect(summary.line).toBe('tests: 3 passed, 1 failed, 1 skipped; browser: not run')
    expect(summary.ok).toBe(false)
  })
})
