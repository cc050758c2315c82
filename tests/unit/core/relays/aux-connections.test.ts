import { describe, expect, it } from 'vitest'
import {
  AUX_SEPARATOR,
  type AuxRelaysState,
  auxConnectionsView,
  auxSocketsParts,
  auxStateText,
  auxUseText,
} from '../../../../src/core/relays/aux-connections.ts'

const A = 'wss://a.example'
const B = 'wss://b.example'
const C = 'wss://c.example'

const state = (over: Partial<AuxRelaysState> = {}): AuxRelaysState => ({
  budget: 20,
  poolOpen: 5,
  links: [],
  phase: {},
  refused: [],
  authAsked: [],
  authAllowed: [],
  ...over,
})

describe('auxConnectionsView', () => {
  it('counts the sockets open, the pool’s and the short-lived ones, within one budget', () => {
    const view = auxConnectionsView(
      state({
        links: [
          { url: A, reasons: [{ kind: 'own' }], users: 1, idleTicks: 0 },
          { url: B, reasons: [{ kind: 'signer' }], users: 0, idleTicks: 1 },
        ],
      }),
    )
    expect(view.sockets).toEqual({ open: 7, budget: 20, pool: 5, aux: 2 })
    expect(auxSocketsParts(view.sockets).join(AUX_SEPARATOR)).toBe(
      'Sockets open: 7 of 20 · your relays 5 · short-lived 2',
    )
  })

  it('lists connections and refusals newest first, with state, merged reasons and sign-in', () => {
    const view = auxConnectionsView(
      state({
        links: [
          {
            url: A,
            reasons: [
              { kind: 'outbox', pubkeys: ['p1'] },
              { kind: 'outbox', pubkeys: ['p2'] },
            ],
            users: 2,
            idleTicks: 0,
          },
          { url: B, reasons: [{ kind: 'signer' }], users: 0, idleTicks: 1 },
          { url: C, reasons: [{ kind: 'own' }], users: 0, idleTicks: 0 },
        ],
        phase: { [A]: 'connected', [B]: 'idle', [C]: 'disconnected' },
        refused: [
          { url: 'ws://far.example', message: 'first' },
          { url: 'wss://full.example', message: 'second' },
        ],
        authAsked: [A, B],
        authAllowed: [B],
      }),
    )
    expect(view.connections).toEqual([
      {
        url: C,
        state: 'disconnected',
        reasons: [{ kind: 'own' }],
        users: 0,
        idleTicks: 0,
        auth: 'none',
      },
      {
        url: B,
        state: 'connecting',
        reasons: [{ kind: 'signer' }],
        users: 0,
        idleTicks: 1,
        auth: 'allowed',
      },
      {
        url: A,
        state: 'connected',
        reasons: [{ kind: 'outbox', pubkeys: ['p2', 'p1'] }],
        users: 2,
        idleTicks: 0,
        auth: 'asked',
      },
    ])
    expect(view.refused.map((refusal) => refusal.message)).toEqual(['second', 'first'])
  })
})

describe('texts', () => {
  it('says each state', () => {
    expect(auxStateText('connecting')).toBe('Connecting')
    expect(auxStateText('connected')).toBe('Connected')
    expect(auxStateText('disconnected')).toBe('Disconnected, retrying')
  })

  it('says whether a subscription uses it, and when an unused one closes at the latest', () => {
    expect(auxUseText({ users: 1, idleTicks: 0 })).toBe('In use by 1 subscription')
    expect(auxUseText({ users: 3, idleTicks: 0 })).toBe('In use by 3 subscriptions')
    expect(auxUseText({ users: 0, idleTicks: 0 })).toBe('Not in use · closes within 20 s')
    expect(auxUseText({ users: 0, idleTicks: 1 })).toBe('Not in use · closes within 10 s')
  })
})
