// @vitest-environment happy-dom
// Every row of a list behind its own boundary: a row that throws while rendering shows a short
// notice in its place, and the rest of the list stays (the rows of relays, wallets and people).
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CashuView, CashuWallet } from '../../../src/actors/ecash/cashu-wallet-api.ts'
import { auxConnectionsView } from '../../../src/core/relays/aux-connections.ts'
import { CashuContext } from '../../../src/ui/components/ecash/cashu-context.ts'
import { HistoryScreen } from '../../../src/ui/components/ecash/HistoryScreen.tsx'
import { ROW_UNAVAILABLE, RowBoundary } from '../../../src/ui/components/kit/RowBoundary.tsx'
import { AuxConnections } from '../../../src/ui/components/relays/AuxConnections.tsx'
import {
  PersonNamesSlot,
  type UsePersonNames,
} from '../../../src/ui/components/relays/person-names-slot.ts'
import { reactRoot } from './react-root.ts'

const view = reactRoot()
beforeEach(() => {
  // React reports caught render errors on the console; the boundary's job is what shows.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

function Broken(): never {
  throw new Error('bad row')
}

const items = () =>
  [...view.container.querySelectorAll('ul > li')].map((li) => li.textContent ?? '')

describe('RowBoundary', () => {
  it('replaces a row that throws with an item of the list, and only that row', () => {
    act(() =>
      view.root.render(
        <ul>
          <RowBoundary rowId="a" listItem>
            <li>first</li>
          </RowBoundary>
          <RowBoundary rowId="b" listItem>
            <Broken />
          </RowBoundary>
          <RowBoundary rowId="c" listItem fallback="Relay unavailable">
            <Broken />
          </RowBoundary>
          <RowBoundary rowId="d" listItem>
            <li>last</li>
          </RowBoundary>
        </ul>,
      ),
    )
    expect(items()).toEqual(['first', ROW_UNAVAILABLE, 'Relay unavailable', 'last'])
    expect(view.container.querySelector('li[data-row="b"]')?.getAttribute('role')).toBe('note')
  })

  it('the wallet history: an entry whose time cannot be shown, between two that can', () => {
    const entry = (id: string, at: number) => ({ id, kind: 'deposit', mint: 'm', amount: 21, at })
    const history = [
      entry('1', Date.UTC(2026, 0, 2)),
      // Beyond what a Date can hold: toISOString() throws.
      entry('2', 9e15),
      entry('3', Date.UTC(2026, 0, 1)),
    ]
    const cashu = { wallet: {} as CashuWallet, view: { history } as unknown as CashuView }
    act(() =>
      view.root.render(
        <CashuContext.Provider value={cashu}>
          <HistoryScreen />
        </CashuContext.Provider>,
      ),
    )
    const rows = items()
    expect(rows).toHaveLength(3)
    expect(rows[0]).toMatch(/^Deposit 21 sats/)
    expect(rows[1]).toBe(ROW_UNAVAILABLE)
    expect(rows[2]).toMatch(/^Deposit 21 sats/)
  })

  it('the auxiliary relays: a reason naming someone whose name cannot be shown', () => {
    const bad = 'b'.repeat(64)
    const useNames: UsePersonNames = () => (pubkey) => {
      if (pubkey === bad) throw new Error('a name that does not render')
      return 'Alice'
    }
    const state = {
      budget: 20,
      poolOpen: 1,
      links: [
        {
          url: 'wss://outbox.example',
          reasons: [
            { kind: 'outbox', pubkeys: ['a'.repeat(64)] },
            { kind: 'inbox', pubkeys: [bad] },
          ],
          users: 1,
          idleTicks: 0,
        },
        { url: 'wss://signer.example', reasons: [{ kind: 'signer' }], users: 0, idleTicks: 0 },
      ],
      phase: {},
      refused: [],
      authAsked: [],
      authAllowed: [],
    } as const
    act(() =>
      view.root.render(
        <PersonNamesSlot.Provider value={useNames}>
          <AuxConnections view={auxConnectionsView(state as never)} onAllowAuth={() => {}} />
        </PersonNamesSlot.Provider>,
      ),
    )
    const links = view.container.querySelectorAll('.aux-link')
    expect(links).toHaveLength(2)
    const reasons = [...view.container.querySelectorAll('.aux-reasons > li')].map(
      (li) => li.textContent,
    )
    expect(reasons).toContain(ROW_UNAVAILABLE)
    expect(reasons.some((text) => text?.includes('Alice'))).toBe(true)
  })
})
