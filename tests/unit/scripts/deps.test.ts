import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkDependencies } from '../../../scripts/deps-check.ts'

// Each folder of tests/fixtures/deps is a tiny src tree with one planted break (or none: clean).
const tree = (name: string) => join(import.meta.dirname, '../../fixtures/deps', name)
const check = (name: string) => checkDependencies(tree(name))
const broken = async (name: string) =>
  (await check(name)).violations.map(({ rule, from, to, cycle }) => ({ rule, from, to, cycle }))

describe('npm run deps: the import rules of .dependency-cruiser.cjs', () => {
  it('passes a tree that uses every allowed kind of import', async () => {
    const report = await check('clean')
    expect(report.violations).toEqual([])
    expect(report.modules).toBe(13)
    // Type-only imports (4), the dynamic import() of NoteContent and the .tsx files' all count.
    expect(report.dependencies).toBe(19)
  })

  it('fails an import from core up to actors (floors)', async () => {
    expect(await broken('upward')).toEqual([
      {
        rule: 'floors/core',
        from: 'src/core/relays/relay-url.ts',
        to: 'src/actors/relays/pool.ts',
        cycle: undefined,
      },
    ])
  })

  it('fails a cycle closed by a type-only import', async () => {
    expect(await broken('type-cycle')).toEqual([
      {
        rule: 'no-cycles',
        from: 'src/core/feed/a.ts',
        to: 'src/core/feed/b.ts',
        cycle: ['src/core/feed/a.ts', 'src/core/feed/b.ts', 'src/core/feed/a.ts'],
      },
    ])
  })

  it('fails a cycle closed by a dynamic import()', async () => {
    const [violation, ...rest] = await broken('dynamic-cycle')
    expect(rest).toEqual([])
    expect(violation?.rule).toBe('no-cycles')
    expect(violation?.cycle?.slice().sort()).toEqual([
      'src/actors/feed/a.ts',
      'src/actors/feed/a.ts',
      'src/actors/feed/b.ts',
    ])
  })

  it('lets NoteContent <-> QuotedNote pass, but not a cycle through a third file', async () => {
    const cycles = (await broken('beyond-pair')).map(({ cycle }) => cycle?.slice(1).sort())
    expect(cycles).toEqual([
      [
        'src/ui/components/feed/Byline.tsx',
        'src/ui/components/feed/NoteContent.tsx',
        'src/ui/components/feed/QuotedNote.tsx',
      ],
    ])
  })

  it('fails a room importing a later room', async () => {
    expect(await broken('room')).toEqual([
      {
        rule: 'rooms/people',
        from: 'src/core/people/follow.ts',
        to: 'src/core/feed/note.ts',
        cycle: undefined,
      },
    ])
  })

  it('fails kit importing a room other than platform', async () => {
    expect(await broken('kit')).toEqual([
      {
        rule: 'rooms/kit',
        from: 'src/ui/components/kit/Modal.tsx',
        to: 'src/ui/components/relays/RelayLight.tsx',
        cycle: undefined,
      },
    ])
  })

  it('fails a room importing the shell (the composition root)', async () => {
    expect(await broken('shell')).toEqual([
      {
        rule: 'rooms-not-shell',
        from: 'src/actors/people/mute.ts',
        to: 'src/actors/system.ts',
        cycle: undefined,
      },
    ])
  })

  it('refuses import() in a type, which dependency-cruiser does not see', async () => {
    expect(await broken('import-type')).toEqual([
      { rule: 'import-types', from: 'src/core/feed/a.ts', to: './b.ts', cycle: undefined },
    ])
  })

  it('says what the broken rule says', async () => {
    const [violation] = (await check('room')).violations
    expect(violation?.says).toBe(
      'room people may not import a later room: identity, feed, publish, lightning, ecash, notifications, search',
    )
  })
})
