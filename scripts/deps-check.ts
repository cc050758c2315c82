// Runs the import rules of .dependency-cruiser.cjs over a tree (dependency-cruiser's `cruise`) and
// lists what breaks them, a cycle once.
// `npm run deps` prints the result; tests/unit/scripts/deps.test.ts runs it over planted trees.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { cruise, type IConfiguration, type IViolation } from 'dependency-cruiser'
import { importTypeExpressions } from './deps-import-types.ts'

export const ROOT = join(import.meta.dirname, '..')
const config = createRequire(import.meta.url)(
  join(ROOT, '.dependency-cruiser.cjs'),
) as IConfiguration
const rules = config.forbidden ?? []
const says = new Map(rules.map((rule) => [rule.name, rule.comment ?? '']))
const IMPORT_TYPES = 'import-types'
says.set(IMPORT_TYPES, "no import('...') in a type, which the check cannot see: use import type")

export interface Violation {
  /** The rule's name in .dependency-cruiser.cjs: floors/<floor>, rooms/<room>, no-cycles, ... */
  rule: string
  /** What the rule says (its comment). */
  says: string
  from: string
  to: string
  /** For a cycle: the files on it, from `from` round to `from` again. */
  cycle?: string[]
}

export interface DependencyReport {
  /** Files under src, and the imports between them. */
  modules: number
  dependencies: number
  /** What breaks a rule; a cycle is reported once, not once per import on it. */
  violations: Violation[]
}

function toViolation({ rule, from, to, cycle }: IViolation): Violation {
  const violation: Violation = { rule: rule.name, says: says.get(rule.name) ?? '', from, to }
  if (cycle) violation.cycle = [from, ...cycle.map((step) => step.name)]
  return violation
}

/** The same cycle, whichever of its imports it was found from. */
function cycleKey({ cycle }: Violation): string {
  const files = (cycle ?? []).slice(1)
  const start = files.indexOf([...files].sort()[0] ?? '')
  return [...files.slice(start), ...files.slice(0, start)].join(' > ')
}

function onceEach(violations: Violation[]): Violation[] {
  const seen = new Set<string>()
  return violations.filter((violation) => {
    if (!violation.cycle) return true
    const key = cycleKey(violation)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Checks the files under `<baseDir>/src` against the rules. */
export async function checkDependencies(baseDir = ROOT): Promise<DependencyReport> {
  const { output } = await cruise(['src'], {
    ...config.options,
    tsConfig: { fileName: join(ROOT, 'tsconfig.json') },
    baseDir,
    validate: true,
    ruleSet: { forbidden: rules },
  })
  if (typeof output === 'string') throw new Error('dependency-cruiser gave text, not a result')

  const violations = output.summary.violations.map(toViolation)
  const files = output.modules.filter((module) => module.source.startsWith('src/'))
  for (const { source } of files) {
    for (const to of importTypeExpressions(baseDir, source)) {
      violations.push({ rule: IMPORT_TYPES, says: says.get(IMPORT_TYPES) ?? '', from: source, to })
    }
  }
  return {
    modules: files.length,
    dependencies: files.reduce(
      (sum, file) => sum + file.dependencies.filter((to) => to.resolved.startsWith('src/')).length,
      0,
    ),
    violations: onceEach(violations),
  }
}
