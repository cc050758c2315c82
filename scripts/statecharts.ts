/**
 * `npm run statecharts`: writes, for every machine in src/machines/index.ts,
 * statecharts/<name>.md (a Mermaid stateDiagram-v2) and statecharts/<name>.json (the machine's
 * definition), plus statecharts/README.md, an index. tests/unit/statecharts.test.ts fails when the
 * files on disk differ from `renderStatecharts()`.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { AnyStateMachine } from 'xstate'
import { type MachineEntry, machines } from '../src/machines/index.ts'

type StateNode = AnyStateMachine['root']
type Transition = NonNullable<StateNode['always']>[number]

export const STATECHARTS_DIR = 'statecharts'
const GENERATOR = 'scripts/statecharts.ts'

// ---------------------------------------------------------------------------------------------
// Names of actions, guards and events as a reader of the diagram wants them.

function prop(value: unknown, key: string): unknown {
  return (typeof value === 'object' || typeof value === 'function') && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action
  const type = prop(action, 'type')
  if (typeof type === 'string') return type.replace(/^xstate\./, '')
  // A plain function's `name` is usually inferred from its property (`actions`), so not shown.
  return 'inline'
}

/** Actions xstate adds itself to schedule and cancel `after` transitions. */
function isDelayBookkeeping(action: unknown): boolean {
  const type = prop(action, 'type')
  const id = prop(action, 'id') ?? prop(action, 'sendId')
  return (
    (type === 'xstate.raise' || type === 'xstate.cancel') &&
    typeof id === 'string' &&
    id.startsWith('xstate.after.')
  )
}

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard
  const type = prop(guard, 'type')
  const inner = prop(guard, 'guards')
  const parts = Array.isArray(inner) ? inner.map(guardName) : []
  if (type === 'xstate.not') return `!${parts[0] ?? '?'}`
  if (type === 'xstate.and') return parts.join(' && ')
  if (type === 'xstate.or') return parts.join(' || ')
  if (type === 'xstate.stateIn') return `in ${JSON.stringify(prop(guard, 'stateValue'))}`
  if (typeof type === 'string') return type
  return 'inline'
}

function eventLabel(transition: Transition): string {
  const delay: unknown = prop(transition, 'delay')
  if (typeof delay === 'string' || typeof delay === 'number') return `after ${delay}`
  const type = transition.eventType
  if (!type) return 'always'
  for (const [prefix, word] of [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
    ['xstate.snapshot.', 'snapshot'],
  ] as const) {
    if (type.startsWith(prefix)) return `${word} ${type.slice(prefix.length)}`
  }
  if (type.startsWith('xstate.done.state.')) return 'done'
  return type
}

/** Mermaid treats `;` as a statement end and `#` as an entity start. */
function safe(text: string): string {
  return text.replace(/;/g, ',').replace(/#/g, '')
}

/** The unguarded last choice after guarded ones for the same event. */
function isFallback(transition: Transition): boolean {
  const siblings = transition.source.transitions.get(transition.eventType) ?? []
  const index = siblings.indexOf(transition)
  return index > 0 && siblings.slice(0, index).some((t) => t.guard !== undefined)
}

function transitionLabel(transition: Transition, internal: boolean): string {
  let label = eventLabel(transition)
  if (transition.guard !== undefined) label += ` [${guardName(transition.guard)}]`
  else if (isFallback(transition)) label += ' [else]'
  const actions = transition.actions.map(actionName)
  if (internal && actions.length) label += ` / ${actions.join(', ')}`
  return safe(label)
}

// ---------------------------------------------------------------------------------------------
// Mermaid

function mermaidId(node: StateNode): string {
  return node.path.join('_')
}

function children(node: StateNode): StateNode[] {
  return Object.values(node.states)
}

function transitionsOf(node: StateNode): Transition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? [])
}

function descriptions(node: StateNode): string[] {
  const lines: string[] = []
  const entry = node.entry.filter((a) => !isDelayBookkeeping(a)).map(actionName)
  const exit = node.exit.filter((a) => !isDelayBookkeeping(a)).map(actionName)
  if (entry.length) lines.push(`entry / ${entry.join(', ')}`)
  if (exit.length) lines.push(`exit / ${exit.join(', ')}`)
  for (const invoke of node.invoke) {
    lines.push(`invoke ${typeof invoke.src === 'string' ? invoke.src : invoke.id}`)
  }
  for (const transition of transitionsOf(node)) {
    if (!transition.target) lines.push(transitionLabel(transition, true))
  }
  return lines.map(safe)
}

/** An edge is drawn inside the composite that holds both ends, or at the top level. */
function edgeParent(source: StateNode, target: StateNode): StateNode | undefined {
  return source.parent === target.parent && source.parent?.parent ? source.parent : undefined
}

export function toMermaid(machine: AnyStateMachine): string {
  const inside = new Map<StateNode | undefined, string[]>()
  const add = (parent: StateNode | undefined, line: string) => {
    const lines = inside.get(parent) ?? []
    lines.push(line)
    inside.set(parent, lines)
  }
  // The root has no box: its transitions are drawn from every state they apply to, and its
  // internal ones listed in those states.
  const inherited = new Map<StateNode, string[]>()
  for (const transition of transitionsOf(machine.root)) {
    for (const source of appliesTo(machine.root, transition.eventType)) {
      if (!transition.target) {
        inherited.set(source, [...(inherited.get(source) ?? []), transitionLabel(transition, true)])
      }
      for (const target of transition.target ?? []) {
        add(edgeParent(source, target), edge(source, target, transitionLabel(transition, false)))
      }
    }
  }
  for (const node of walk(machine.root)) {
    for (const transition of transitionsOf(node)) {
      // Targetless (internal) transitions are listed inside the state box, UML style.
      for (const target of transition.target ?? []) {
        add(edgeParent(node, target), edge(node, target, transitionLabel(transition, false)))
      }
    }
  }

  const out: string[] = ['stateDiagram-v2']
  const block = (parent: StateNode, depth: number) => {
    const pad = '  '.repeat(depth)
    const initial = parent.initial?.target?.[0]
    if (initial) out.push(`${pad}[*] --> ${mermaidId(initial)}`)
    for (const child of children(parent)) {
      const id = mermaidId(child)
      const label = child.key
      if (child.type === 'compound' || child.type === 'parallel') {
        out.push(id === label ? `${pad}state ${id} {` : `${pad}state "${label}" as ${id} {`)
        block(child, depth + 1)
        out.push(`${pad}}`)
      } else {
        // Declared with its name first: Mermaid would otherwise title the box with a description.
        out.push(`${pad}state "${label}" as ${id}`)
      }
      for (const line of [...descriptions(child), ...(inherited.get(child) ?? [])]) {
        out.push(`${pad}${id} : ${line}`)
      }
      if (child.type === 'final') out.push(`${pad}${id} --> [*]`)
    }
    // Edges between siblings of a nested composite stay inside it (Mermaid would otherwise pull
    // an outside state into the block).
    if (parent.parent) for (const line of inside.get(parent) ?? []) out.push(`${pad}${line}`)
  }
  if (children(machine.root).length === 0) {
    // A machine without states is drawn as one state named after it.
    out.push(`  state "${machine.id}" as ${machine.id}`)
    for (const line of descriptions(machine.root)) out.push(`  ${machine.id} : ${line}`)
  }
  block(machine.root, 1)
  for (const line of inside.get(undefined) ?? []) out.push(`  ${line}`)
  return out.join('\n')
}

function edge(source: StateNode, target: StateNode, label: string): string {
  return `${mermaidId(source)} --> ${mermaidId(target)} : ${label}`
}

function handles(node: StateNode, eventType: string): boolean {
  return (
    node.transitions.has(eventType) || children(node).some((child) => handles(child, eventType))
  )
}

/** The largest states below `node` that an ancestor's `eventType` transition applies to. */
function appliesTo(node: StateNode, eventType: string): StateNode[] {
  return children(node).flatMap((child) => {
    if (child.type === 'final' || child.transitions.has(eventType)) return []
    return handles(child, eventType) ? appliesTo(child, eventType) : [child]
  })
}

function* walk(node: StateNode): Generator<StateNode> {
  for (const child of children(node)) {
    yield child
    yield* walk(child)
  }
}

// ---------------------------------------------------------------------------------------------
// JSON definition: functions become `{ type }`, object keys sorted, so the output only changes
// when the machine does.

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]))
  }
  return value
}

export function toDefinitionJson(machine: AnyStateMachine): string {
  // JSON.stringify applies the definition's own toJSON methods; the replacer names functions.
  const plain: unknown = JSON.parse(
    JSON.stringify(machine.definition, (_key, value: unknown) =>
      typeof value === 'function' ? { type: actionName(value) } : value,
    ),
  )
  return `${JSON.stringify(sortKeys(plain), null, 2)}\n`
}

// ---------------------------------------------------------------------------------------------

function header(name: string): string {
  return `Generated from \`src/machines/${name}.machine.ts\` by \`npm run statecharts\` (${GENERATOR}). Do not edit: change the machine and run it again.`
}

export function renderStatecharts(entries: MachineEntry[] = machines): Map<string, string> {
  const files = new Map<string, string>()
  for (const { name, machine } of entries) {
    files.set(
      `${name}.md`,
      `# ${name}\n\n${header(name)}\n\n\`\`\`mermaid\n${toMermaid(machine)}\n\`\`\`\n`,
    )
    files.set(`${name}.json`, toDefinitionJson(machine))
  }
  const index = entries
    .map(
      ({ name, machine }) =>
        `| ${name} | \`#${machine.id}\` | [diagram](${name}.md) | [definition](${name}.json) |`,
    )
    .join('\n')
  files.set(
    'README.md',
    `# Statecharts\n\nGenerated from \`src/machines/index.ts\` by \`npm run statecharts\` (${GENERATOR}). Do not edit.\n\n| machine | id | diagram | definition |\n| --- | --- | --- | --- |\n${index}\n`,
  )
  return files
}

export function writeStatecharts(root: string, files = renderStatecharts()): string[] {
  const dir = join(root, STATECHARTS_DIR)
  mkdirSync(dir, { recursive: true })
  // Drop files of machines that left the registry.
  for (const file of readdirSync(dir)) if (!files.has(file)) rmSync(join(dir, file))
  for (const [file, content] of files) writeFileSync(join(dir, file), content)
  return [...files.keys()].map((file) => join(STATECHARTS_DIR, file))
}

const invokedDirectly =
  process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (invokedDirectly) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
  for (const file of writeStatecharts(root)) console.log(`wrote ${file}`)
}
