import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMachine, setup } from 'xstate'
import { renderStatecharts, STATECHARTS_DIR, toMermaid } from '../../scripts/statecharts.ts'
import { machines } from '../../src/machines/index.ts'

const STALE = 'statecharts/ is stale: run `npm run statecharts` and commit the result'
const dir = join(process.cwd(), STATECHARTS_DIR)

describe('statecharts/', () => {
  const rendered = renderStatecharts()

  it('has a diagram and a definition for every registered machine, and an index', () => {
    const names = machines.map((entry) => entry.name)
    expect(new Set(names).size, 'machine names must be unique').toBe(names.length)
    expect([...rendered.keys()].sort()).toEqual(
      ['README.md', ...names.flatMap((name) => [`${name}.md`, `${name}.json`])].sort(),
    )
  })

  it.each([...rendered.entries()])('%s is up to date', (file, content) => {
    const path = join(dir, file)
    expect(existsSync(path), `${file} is missing. ${STALE}`).toBe(true)
    expect(readFileSync(path, 'utf8'), `${file} differs. ${STALE}`).toBe(content)
  })

  it('holds no file of a machine that left the registry', () => {
    const extra = readdirSync(dir).filter((file) => !rendered.has(file))
    expect(extra, STALE).toEqual([])
  })

  it('renders the same output twice', () => {
    expect(renderStatecharts()).toEqual(rendered)
  })
})

describe('toMermaid', () => {
  it('draws nesting, initial and final states, guards, named delays and internal transitions', () => {
    const machine = setup({
      types: { events: {} as { type: 'go' } | { type: 'ping' } | { type: 'stop' } },
      guards: { ready: () => true },
      actions: { pong: () => {}, hello: () => {} },
      delays: { pause: 1000 },
    }).createMachine({
      id: 'demo',
      initial: 'a',
      on: { stop: '.done' },
      states: {
        a: {
          entry: 'hello',
          on: {
            go: [
              { guard: 'ready', target: 'b' },
              { target: 'a', reenter: true },
            ],
          },
        },
        b: {
          initial: 'one',
          on: { ping: { actions: 'pong' } },
          states: { one: { after: { pause: 'two' } }, two: {} },
        },
        done: { type: 'final' },
      },
    })
    expect(toMermaid(machine)).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> a',
        '  state "a" as a',
        '  a : entry / hello',
        '  state b {',
        '    [*] --> b_one',
        '    state "one" as b_one',
        '    state "two" as b_two',
        '    b_one --> b_two : after pause',
        '  }',
        '  b : ping / pong',
        '  state "done" as done',
        '  done --> [*]',
        '  a --> done : stop',
        '  b --> done : stop',
        '  a --> b : go [ready]',
        '  a --> a : go [else]',
      ].join('\n'),
    )
  })

  it('draws a machine without states as one state', () => {
    const machine = createMachine({ id: 'flat', on: { tick: { actions: () => {} } } })
    expect(toMermaid(machine)).toBe(
      ['stateDiagram-v2', '  state "flat" as flat', '  flat : tick / inline'].join('\n'),
    )
  })
})
