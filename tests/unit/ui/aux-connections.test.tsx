// @vitest-environment happy-dom
// The short-lived connections in the Auxiliary Relays modal, drawn from a state of the auxiliary
// relays: the socket budget, each connection's state, reasons (by people's names), use and
// sign-in, the refusals, and the words for empty lists.
import { npubEncode } from 'nostr-tools/nip19'
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import {
  type AuxRelaysState,
  auxConnectionsView,
} from '../../../src/core/relays/aux-connections.ts'
import { AuxConnections } from '../../../src/ui/components/relays/AuxConnections.tsx'
import {
  PersonNamesSlot,
  type UsePersonNames,
} from '../../../src/ui/components/relays/person-names-slot.ts'
import { reactRoot } from './react-root.ts'

const view = reactRoot()

const alice = 'a'.repeat(64)
const bob = 'b'.repeat(64)
const note = 'c'.repeat(64)
const OUTBOX = 'wss://outbox.example'
const SIGNER = 'wss://signer.example'
const HINT = 'wss://hint.example'

const state: AuxRelaysState = {
  budget: 20,
  poolOpen: 4,
  links: [
    {
      url: OUTBOX,
      reasons: [
        { kind: 'outbox', pubkeys: [alice] },
        { kind: 'inbox', pubkeys: [bob] },
        { kind: 'nutzap', pubkey: bob },
      ],
      users: 1,
      idleTicks: 0,
    },
    { url: SIGNER, reasons: [{ kind: 'signer' }], users: 0, idleTicks: 0 },
    { url: HINT, reasons: [{ kind: 'hint', id: note }, { kind: 'own' }], users: 0, idleTicks: 1 },
  ],
  phase: { [OUTBOX]: 'connected', [SIGNER]: 'connecting' },
  refused: [
    { url: 'ws://far.example', message: 'Not opened: plain ws:// is only allowed on this device' },
  ],
  authAsked: [OUTBOX, SIGNER],
  authAllowed: [SIGNER],
}

const names: Record<string, string> = { [alice]: 'Alice' }
/** Names asked for, per render: the view asks only for those it shows. */
const asked: string[][] = []
const useNames: UsePersonNames = (pubkeys) => {
  asked.push([...pubkeys])
  return (pubkey) => names[pubkey] ?? `short-${pubkey.slice(0, 4)}`
}

function show(input: AuxRelaysState, withNames = true) {
  const allowed: string[] = []
  const section = (
    <AuxConnections view={auxConnectionsView(input)} onAllowAuth={(url) => allowed.push(url)} />
  )
  act(() =>
    view.root.render(
      withNames ? (
        <PersonNamesSlot.Provider value={useNames}>{section}</PersonNamesSlot.Provider>
      ) : (
        section
      ),
    ),
  )
  return allowed
}

const row = (url: string) => view.container.querySelector(`.aux-link[data-relay="${url}"]`)!
const texts = (scope: Element, field: string) =>
  [...scope.querySelectorAll(`[data-field="${field}"]`)].map((element) => element.textContent)

describe('AuxConnections', () => {
  it('shows the budget, each connection newest first with why, its use and sign-in', () => {
    const allowed = show(state)
    const sockets = view.container.querySelector('[data-field="sockets"]')
    expect(sockets?.textContent).toBe('Sockets open: 7 of 20 · your relays 4 · short-lived 3')

    const urls = [...view.container.querySelectorAll('.aux-link')].map((li) =>
      li.getAttribute('data-relay'),
    )
    expect(urls).toEqual([HINT, SIGNER, OUTBOX])

    expect(texts(row(OUTBOX), 'state')).toEqual(['Connected'])
    expect(texts(row(OUTBOX), 'reason')).toEqual([
      'Nutzap to short-bbbb',
      'Reaching short-bbbb',
      'Notes by Alice',
    ])
    expect(texts(row(OUTBOX), 'use')).toEqual(['In use by 1 subscription'])
    expect(texts(row(OUTBOX), 'auth')).toEqual(['Asks you to sign in (NIP-42)Allow sign-in here'])

    expect(texts(row(SIGNER), 'state')).toEqual(['Connecting'])
    expect(texts(row(SIGNER), 'reason')).toEqual(['Your remote signer'])
    expect(texts(row(SIGNER), 'use')).toEqual(['Not in use · closes within 20 s'])
    expect(texts(row(SIGNER), 'auth')).toEqual(['Sign-in allowed'])

    expect(texts(row(HINT), 'reason')).toEqual([
      'Your relay list',
      expect.stringMatching(/^Hint for note note1.{8}….{13}$/),
    ])
    expect(texts(row(HINT), 'use')).toEqual(['Not in use · closes within 10 s'])
    expect(texts(row(HINT), 'auth')).toEqual([])

    // Only the people shown are looked up, once each.
    expect(asked.at(-1)?.sort()).toEqual([alice, bob].sort())

    const refused = view.container.querySelector('[data-relay="ws://far.example"]')
    expect(refused?.textContent).toBe(
      'ws://far.exampleNot opened: plain ws:// is only allowed on this device',
    )

    const allow = [...row(OUTBOX).querySelectorAll('button')]
    expect(allow.map((button) => button.textContent)).toEqual(['Allow sign-in here'])
    act(() => allow[0]!.click())
    expect(allowed).toEqual([OUTBOX])
  })

  it('says so when nothing is open and nothing was refused', () => {
    show({ ...state, poolOpen: 2, links: [], phase: {}, refused: [], authAsked: [] })
    expect(view.container.querySelector('[data-field="sockets"]')?.textContent).toBe(
      'Sockets open: 2 of 20 · your relays 2 · short-lived 0',
    )
    const empty = [...view.container.querySelectorAll('.aux-empty')].map((p) => p.textContent)
    expect(empty).toEqual(['No short-lived connection is open.', 'No relay was refused.'])
    const headings = [...view.container.querySelectorAll('h3')].map((h) => h.textContent)
    expect(headings).toEqual(['Short-lived connections 0', 'Not opened 0'])
  })

  it('counts sockets still closing, and not connections waiting for their place', () => {
    show({ ...state, poolOpen: 2, closing: [{}, {}], queued: [state.links[0]!.url] })
    expect(view.container.querySelector('[data-field="sockets"]')?.textContent).toBe(
      `Sockets open: ${2 + state.links.length + 1} of 20 · your relays 2 · short-lived ${state.links.length + 1}`,
    )
  })

  it('shows people by npub when no names are supplied', () => {
    show(
      {
        ...state,
        links: [
          { url: OUTBOX, reasons: [{ kind: 'outbox', pubkeys: [alice] }], users: 0, idleTicks: 0 },
        ],
      },
      false,
    )
    expect(texts(row(OUTBOX), 'reason')).toEqual([`Notes by ${npubEncode(alice)}`])
  })
})
