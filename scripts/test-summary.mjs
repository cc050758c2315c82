// The last line of `npm test`: tests passed, failed and skipped over the test runs, read from
// their JSON reports. A run that did not report tests is a failure, named, never "0 failed": not
// run, crashed (no report), no test at all, a test file that failed outside its tests (an import
// that threw, a hook), or a non-zero exit that no failed test explains.

/** A vitest JSON report's counts; files whose failure is in no test count one each. */
export function vitestCounts(report) {
  const files = Array.isArray(report.testResults) ? report.testResults : []
  const outside = files.filter(
    (file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    outside,
  }
}

/** A Playwright JSON report's counts; a flaky test is a failure, an error outside tests too. */
export function playwrightCounts(report) {
  const stats = report.stats ?? {}
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
    skipped: stats.skipped ?? 0,
    outside: Array.isArray(report.errors) ? report.errors.length : 0,
  }
}

const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`

/**
 * One run's counts and what went wrong with it. `status` is the exit code (null: killed by a
 * signal, undefined: never started); `counts` is null when the run left no report.
 */
function judge({ name, status, counts }) {
  if (status === undefined) return { passed: 0, failed: 1, skipped: 0, problem: `${name}: not run` }
  if (counts === null) {
    return { passed: 0, failed: 1, skipped: 0, problem: `${name}: crashed (no results)` }
  }
  const { passed, skipped, outside } = counts
  let failed = counts.failed + outside
  const problems = []
  if (outside > 0) problems.push(`${plural(outside, 'failure', 'failures')} outside any test`)
  if (passed + counts.failed + skipped === 0) {
    if (outside === 0) failed += 1
    problems.push('ran no test')
  }
  if (status !== 0 && failed === 0) {
    failed = 1
    problems.push(
      status === null ? 'killed, no test failed' : `exit code ${status}, no test failed`,
    )
  }
  const problem = problems.length > 0 ? `${name}: ${problems.join(', ')}` : null
  return { passed, failed, skipped, problem }
}

/**
 * The summary of the test runs, in order: totals, what went wrong, and the line to print.
 * @param runs {{ name: string, status: number | null | undefined, counts: object | null }[]}
 */
export function summariseTests(runs) {
  const judged = runs.map(judge)
  const sum = (key) => judged.reduce((total, run) => total + run[key], 0)
  const passed = sum('passed')
  const failed = sum('failed')
  const skipped = sum('skipped')
  const problems = judged.map((run) => run.problem).filter((problem) => problem !== null)
  const counts = `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`
  const line = problems.length > 0 ? `${counts}; ${problems.join('; ')}` : counts
  return { passed, failed, skipped, problems, line, ok: failed === 0 && passed > 0 }
}
