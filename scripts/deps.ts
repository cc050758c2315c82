// `npm run deps`: checks what imports what in src against .dependency-cruiser.cjs (floors, rooms, no
// cycles) and prints either one OK line with the counts or each violation with both files and the
// rule. Exits 1 on any violation. Runs offline, in a few seconds.
import { checkDependencies, type Violation } from './deps-check.ts'

const started = performance.now()
const report = await checkDependencies()
const seconds = ((performance.now() - started) / 1000).toFixed(1)
const cycles = (list: Violation[]) => list.filter((violation) => violation.cycle).length
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

function show({ rule, says, from, to, cycle }: Violation): string {
  const path = cycle ? cycle.join(' -> ') : `${from} -> ${to}`
  return `  ✗ ${rule}: ${path}\n      ${says}`
}

const counts = `${report.modules} modules, ${report.dependencies} dependencies`
if (report.violations.length === 0) {
  console.log(`deps: OK, ${counts}, 0 cycles (${seconds} s)`)
} else {
  for (const violation of report.violations) console.log(show(violation))
  const total = plural(report.violations.length, 'violation')
  const cycleCount = plural(cycles(report.violations), 'cycle')
  console.log(`deps: ${total} (${cycleCount} among them), ${counts} (${seconds} s)`)
}
process.exit(report.violations.length === 0 ? 0 : 1)
