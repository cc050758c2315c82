// Runs the import rules of .dependency-cruiser.cjs over a tree (dependency-cruiser's `cruise`) and
// sorts what breaks them into violations and the known imports of scripts/deps-known.ts.
// `npm run deps` prints the result; tests/unit/scripts/deps.test.ts runs it over planted trees.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { cruise, type IConfiguration, type IViolation } from 'dependency-cruiser'
import { importTypeExpressions } from './deps-import-types.ts'
import { type KnownImport, knownImports } from './deps-known.ts'

export const ROOT = join(import.meta.dirname, '..')
const config = createRequire(import.meta.url)(
  join(ROOT, '.dependency-cruiser.cjs'),
) as IConfiguration
const rules = config.forbidden ?? []
const says = new Map(rules.map((rule) => [rule.name, rule.comment ?? '']))
const IMPORT_TYPES = 'import-types'
says.set(IMPORT_TYPES, "no import('...') in a type, which the check cannot see: use import type")

/** A known import may break the rooms' rules and close cycles, never break the floors. */
const pardonable = (rule: string) => /^(rooms\/|rooms-not-shell$|no-cycles$)/.test(rule)

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
  /** What breaks a rule but is accounted for by a known import. */
  known: Violation[]
  /** Known imports that account for nothing any more: they can leave the list. */
  unusedKnown: KnownImport[]
}

/** `*` is any run of characters but `/`, `**` any run at all, `{a,b}` either alternative. */
export function globToRegExp(glob: string): RegExp {
  const source = glob
    .replace(/[.+?^$()|[\]\\]/g, '\\$&')
    .replace(/\*\*|\*|\{([^}]*)\}/g, (token: string, alternatives?: string) => {
      if (token === '**') return '.*'
      if (token === '*') return '[^/]*'
      return `(${(alternatives ?? '').split(',').join('|')})`
    })
  return new RegExp(`^${source}$`)
}

function toViolation({ rule, from, to, cycle }: IViolation): Violation {
  const violation: Violation = { rule: rule.name, says: says.get(rule.name) ?? '', from, to }
  if (cycle) violation.cycle = [from, ...cycle.map((step) => step.name)]
  return violation
}

/** The imports a violation rests on: its own, or for a cycle each import round the cycle. */
function importsOf({ from, to, cycle }: Violation): Array<[string, string]> {
  const path = cycle ?? [from, to]
  return path.slice(1).map((file, index) => [path[index] ?? '', file])
}

function accountsFor(known: KnownImport, violation: Violation): boolean {
  if (!pardonable(violation.rule)) return false
  const from = globToRegExp(known.from)
  const to = globToRegExp(known.to)
  return importsOf(violation).some(([a, b]) => from.test(a) && to.test(b))
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

/** Checks the files under `<baseDir>/src` against the rules; `known` are the imports let pass. */
export async function checkDependencies(
  baseDir = ROOT,
  known: readonly KnownImport[] = knownImports,
): Promise<DependencyReport> {
  const { output } = await cruise(['src'], {
    ...config.options,
    tsConfig: { fileName: join(ROOT, 'tsconfig.json') },
    baseDir,
    validate: true,
    ruleSet: { forbidden: rules },
  })
  if (typeof output === 'string') throw new Error('dependency-cruiser gave text, not a result')

  const used = new Set<KnownImport>()
  const violations: Violation[] = []
  const pardoned: Violation[] = []
  for (const violation of output.summary.violations.map(toViolation)) {
    const entries = known.filter((entry) => accountsFor(entry, violation))
    for (const entry of entries) used.add(entry)
    ;(entries.length > 0 ? pardoned : violations).push(violation)
  }
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
    known: onceEach(pardoned),
    unusedKnown: known.filter((entry) => !used.has(entry)),
  }
}
