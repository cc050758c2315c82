import { describe, expect, it } from 'vitest'
import {
  applyRelayEdit,
  applyRelayEdits,
  normalizeRelayEntries,
  type RelayEdit,
  relaySetEdits,
  sameRelays,
} from '../../../../src/core/relays/relay-edits.ts'
import type { RelayEntry } from '../../../../src/core/relays/relay-list.ts'

const A = 'wss://a.example'
const B = 'wss://b.example'
const C = 'wss://c.example'
const I = 'wss://purplepag.es'

const list: RelayEntry[] = [
  { url: A, permission: 'readwrite' },
  { url: B, permission: 'write' },
]

describe('applyRelayEdit', () => {
  it('adds a relay at the end, normalised; a relay already listed is left as it is', () => {
    expect(
      applyRelayEdit(list, { type: 'pool.add', url: 'C.example/', permission: 'read' }),
    ).toEqual([...list, { url: C, permission: 'read' }])
    expect(applyRelayEdit(list, { type: 'pool.add', url: `${A}/`, permission: 'read' })).toEqual(
      list,
    )
  })

  it('removes a relay; removing one not listed changes nothing', () => {
    expect(applyRelayEdit(list, { type: 'pool.remove', url: A })).toEqual([list[1]])
    expect(applyRelayEdit(list, { type: 'pool.remove', url: C })).toEqual(list)
  })

  it('changes a permission in place; a relay not listed joins the list with it', () => {
    expect(
      applyRelayEdit(list, { type: 'pool.setPermission', url: B, permission: 'read' }),
    ).toEqual([list[0], { url: B, permission: 'read' }])
    expect(
      applyRelayEdit(list, { type: 'pool.setPermission', url: I, permission: 'indexer' }),
    ).toEqual([...list, { url: I, permission: 'indexer' }])
  })

  it('an invalid URL changes nothing', () => {
    expect(applyRelayEdit(list, { type: 'pool.add', url: 'http://x', permission: 'read' })).toEqual(
      list,
    )
  })

  it('never changes the list it is given', () => {
    const copy = structuredClone(list)
    applyRelayEdit(list, { type: 'pool.setPermission', url: A, permission: 'read' })
    expect(list).toEqual(copy)
  })

  it('applyRelayEdits replays edits in order', () => {
    const edits: RelayEdit[] = [
      { type: 'pool.add', url: C, permission: 'readwrite' },
      { type: 'pool.remove', url: A },
      { type: 'pool.setPermission', url: C, permission: 'write' },
    ]
    expect(applyRelayEdits(list, edits)).toEqual([list[1], { url: C, permission: 'write' }])
    expect(applyRelayEdits(list, [])).toEqual(list)
  })
})

describe('sameRelays', () => {
  it('compares relays, permissions and order', () => {
    expect(sameRelays(list, structuredClone(list))).toBe(true)
    expect(sameRelays(list, [...list].reverse())).toBe(false)
    expect(sameRelays(list, [list[0]!, { url: B, permission: 'read' }])).toBe(false)
    expect(sameRelays(list, list.slice(1))).toBe(false)
  })
})

describe('normalizeRelayEntries', () => {
  it('normalises, drops invalid URLs, keeps the first of a relay listed twice', () => {
    expect(
      normalizeRelayEntries([
        { url: 'wss://A.example/', permission: 'read' },
        { url: A, permission: 'write' },
        { url: 'https://x.example', permission: 'read' },
      ]),
    ).toEqual([{ url: A, permission: 'read' }])
  })
})

describe('relaySetEdits', () => {
  const defaults: RelayEntry[] = [
    { url: A, permission: 'readwrite' },
    { url: 'wss://d.example', permission: 'write' },
    { url: I, permission: 'indexer' },
  ]
  const keep = defaults.filter((entry) => entry.permission === 'indexer')

  it('the user’s list replaces the defaults; the config’s indexer stays', () => {
    const user: RelayEntry[] = [
      { url: B, permission: 'readwrite' },
      { url: A, permission: 'read' },
    ]
    expect(relaySetEdits(defaults, user, keep)).toEqual([
      { type: 'pool.remove', url: 'wss://d.example' },
      { type: 'pool.setPermission', url: A, permission: 'read' },
      { type: 'pool.add', url: B, permission: 'readwrite' },
    ])
  })

  it('removals come first, additions last and in the list’s order', () => {
    const edits = relaySetEdits(
      [{ url: A, permission: 'read' }],
      [
        { url: C, permission: 'read' },
        { url: B, permission: 'write' },
      ],
    )
    expect(edits.map((edit) => edit.type)).toEqual(['pool.remove', 'pool.add', 'pool.add'])
    expect(edits.slice(1).map((edit) => edit.url)).toEqual([C, B])
  })

  it('the user’s own permission for a config indexer wins over keeping it', () => {
    expect(relaySetEdits(defaults, [{ url: I, permission: 'read' }], keep)).toEqual([
      { type: 'pool.remove', url: A },
      { type: 'pool.remove', url: 'wss://d.example' },
      { type: 'pool.setPermission', url: I, permission: 'read' },
    ])
  })

  it('nothing to do when the pool already holds the list', () => {
    expect(relaySetEdits(defaults, defaults, keep)).toEqual([])
  })

  it('compares normal forms and speaks to the pool in its own spelling', () => {
    const pool: RelayEntry[] = [{ url: 'wss://A.example/', permission: 'read' }]
    expect(relaySetEdits(pool, [{ url: A, permission: 'read' }])).toEqual([])
    expect(relaySetEdits(pool, [{ url: A, permission: 'write' }])).toEqual([
      { type: 'pool.setPermission', url: 'wss://A.example/', permission: 'write' },
    ])
    expect(relaySetEdits(pool, [])).toEqual([{ type: 'pool.remove', url: 'wss://A.example/' }])
  })

  it('an empty list leaves only the kept relays', () => {
    expect(relaySetEdits(defaults, [], keep)).toEqual([
      { type: 'pool.remove', url: A },
      { type: 'pool.remove', url: 'wss://d.example' },
    ])
  })
})
