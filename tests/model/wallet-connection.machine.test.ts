import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Actor, createActor } from 'xstate'
import { OLD_WALLET_RECORD } from '../../src/core/lightning/saved-wallets.ts'
import {
  CONNECT_ATTEMPTS,
  CONNECT_RETRY_DELAY_MS,
  type WalletInfo,
} from '../../src/core/lightning/wallet-connection.ts'
import { Secret } from '../../src/core/platform/secret.ts'
import {
  type ConnectRequest,
  type OpenedWallet,
  type WalletConnectionMachine,
  walletConnectionMachine,
  walletStatus,
} from '../../src/machines/wallet-connection.machine.ts'
import { recordRequests, settleByInvokeId } from './deferred.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const TIMEOUTS = { manualTimeoutMs: 10_000, autoTimeoutMs: 9_000 }
const PUBKEY = 'a'.repeat(64)
const NWC = { type: 'nwc' as const, pairing: new Secret('nostr+walletconnect://…') }
const OPENED: OpenedWallet = { savedId: 'wallet_1_x', target: NWC }
const INFO: WalletInfo = {
  connected: true,
  balance: 21,
  walletPubkey: 'b'.repeat(64),
  lud16: null,
  lud06: null,
  walletType: 'nwc',
  alias: 'Test',
  methods: ['pay_invoice'],
}
const NETWORK = 'Network error: could not reach wss://relay.example'
const TIMED_OUT = 'Request timed out after 9000ms'
const REFUSED = 'Unauthorized (UNAUTHORIZED)'

interface Fakes {
  recorder: ReturnType<typeof recordRequests>
  closes: number
  connectedEntries: number
}

function arrange() {
  const recorder = recordRequests()
  const fakes: Fakes = { recorder, closes: 0, connectedEntries: 0 }
  const machine = walletConnectionMachine.provide({
    actors: {
      findAutoWallet: recorder.deferred(),
      openSaved: recorder.deferred(),
      connect: recorder.deferred(),
      saveWallet: recorder.deferred(),
      forgetSaved: recorder.deferred(),
      readBalance: recorder.deferred(),
      forgetUser: recorder.deferred(),
    },
    actions: {
      closeWallet: () => {
        fakes.closes++
      },
    },
  })
  return { machine: machine as WalletConnectionMachine, fakes }
}

const done = (id: string, output?: unknown) => ({
  type: `xstate.done.actor.${id}` as const,
  output,
})
// Errors as strings: samples are told apart by their JSON, where every Error is `{}`.
const failed = (id: string, message: string) => ({
  type: `xstate.error.actor.${id}` as const,
  error: message,
})

const model = createModel({
  machine: walletConnectionMachine,
  input: TIMEOUTS,
  samples: {
    'wallet.connect': [
      { type: 'wallet.connect', target: NWC, save: null },
      { type: 'wallet.connect', target: { type: 'webln' }, save: { name: 'Mine' } },
    ],
    'wallet.connectSaved': [{ type: 'wallet.connectSaved', id: OPENED.savedId }],
    'wallet.auto': [{ type: 'wallet.auto', trigger: 'visible' }],
    'wallet.signedOut': [{ type: 'wallet.signedOut', pubkey: PUBKEY }],
    'xstate.done.actor.find': [done('find', null), done('find', OPENED)],
    'xstate.error.actor.find': [failed('find', 'Key is locked')],
    'xstate.done.actor.open': [done('open', OPENED)],
    'xstate.error.actor.open': [failed('open', OLD_WALLET_RECORD), failed('open', '')],
    'xstate.done.actor.connect': [done('connect', INFO)],
    'xstate.error.actor.connect': [failed('connect', NETWORK), failed('connect', REFUSED)],
    'xstate.done.actor.save': [done('save')],
    'xstate.error.actor.save': [failed('save', 'Key is locked')],
    'xstate.done.actor.forget': [done('forget')],
    'xstate.error.actor.forget': [failed('forget', 'blocked')],
    'xstate.done.actor.balance': [done('balance', 42)],
    'xstate.error.actor.balance': [failed('balance', 'Failed to get balance (INTERNAL)')],
    'xstate.done.actor.forgetUser': [done('forgetUser')],
    'xstate.error.actor.forgetUser': [failed('forgetUser', 'blocked')],
  },
})

const settle = () => vi.advanceTimersByTimeAsync(0)

const deliver = settleByInvokeId<Fakes>(Object.keys(model.options.samples), settle)

const harness: Harness<WalletConnectionMachine, Fakes> = {
  arrange,
  observe: (actor, fakes) => {
    let was = false
    actor.subscribe((snapshot) => {
      const now = snapshot.matches('connected')
      if (now && !was) fakes.connectedEntries++
      was = now
    })
  },
  deliver,
  states: {
    '*': (snapshot, { fakes }) => {
      // The wallet client is closed whenever the connection ends, however it ends.
      expect(fakes.connectedEntries - fakes.closes).toBe(snapshot.matches('connected') ? 1 : 0)
      expect(fakes.recorder.live().length).toBeLessThanOrEqual(1)
    },
    disconnected: (snapshot, { fakes }) => {
      expect(walletStatus(snapshot)).toBe('disconnected')
      expect(snapshot.context.info).toBeNull()
      expect(fakes.recorder.live()).toEqual([])
    },
    finding: (snapshot, { fakes }) => {
      expect(walletStatus(snapshot)).toBe('disconnected')
      expect(snapshot.context.manualDisconnect, 'a manual disconnect blocks auto-connect').toBe(
        false,
      )
      expect(fakes.recorder.pending('find')).toBeDefined()
    },
    opening: (snapshot, { fakes }) => {
      expect(walletStatus(snapshot)).toBe('connecting')
      expect(fakes.recorder.pending('open').input).toEqual({ id: OPENED.savedId })
    },
    connecting: (snapshot, { fakes }) => {
      expect(walletStatus(snapshot)).toBe('connecting')
      const input = fakes.recorder.pending('connect').input as ConnectRequest
      expect(input).toBe(snapshot.context.request)
      expect(snapshot.context.attempt).toBeGreaterThanOrEqual(1)
      expect(snapshot.context.attempt).toBeLessThanOrEqual(CONNECT_ATTEMPTS)
    },
    retrying: (snapshot) => {
      expect(snapshot.context.request?.savedId, 'only stored connections are retried').toBe(
        OPENED.savedId,
      )
      expect(snapshot.context.attempt).toBeLessThan(CONNECT_ATTEMPTS)
    },
    forgetting: (snapshot, { fakes }) => {
      expect(fakes.recorder.pending('forget').input).toEqual({ id: OPENED.savedId })
      expect(snapshot.context.error).toBe(`Failed to connect NWC wallet: ${REFUSED}`)
    },
    saving: (snapshot, { fakes }) => {
      expect(fakes.recorder.pending('save').input).toBe(snapshot.context.request)
      expect(snapshot.context.info).toEqual(INFO)
    },
    connected: (snapshot) => {
      expect(walletStatus(snapshot)).toBe('connected')
      expect(snapshot.context.info?.connected).toBe(true)
      expect(snapshot.context.manualDisconnect, 'a connect clears the manual flag').toBe(false)
      expect(snapshot.context.request).toBeNull()
    },
    signingOut: (snapshot, { fakes }) => {
      expect(fakes.recorder.pending('forgetUser').input).toEqual({ pubkey: PUBKEY })
      expect(snapshot.context.info).toBeNull()
      expect(snapshot.context.manualDisconnect).toBe(false)
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('wallet connection model', () => {
  const paths = modelPaths(model, 'transitions')
  it('has paths', () => expect(paths.length).toBeGreaterThan(20))
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('wallet connection scenarios', () => {
  function start() {
    const { machine, fakes } = arrange()
    const actor = createActor(machine, { input: TIMEOUTS }).start()
    return { actor, fakes }
  }
  const connectFails = async (actor: Actor<WalletConnectionMachine>, fakes: Fakes, why: string) => {
    fakes.recorder.pending('connect').reject(new Error(why))
    await settle()
    return actor.getSnapshot()
  }

  it('auto-connect: a found wallet connects with the auto-connect limit; network errors retry 3 times 2 s apart, then give up keeping it', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'wallet.auto', trigger: 'mount' })
    fakes.recorder.pending('find').resolve(OPENED)
    await settle()
    for (let attempt = 1; attempt <= CONNECT_ATTEMPTS; attempt++) {
      const input = fakes.recorder.pending('connect').input as ConnectRequest
      expect(input.timeoutMs).toBe(TIMEOUTS.autoTimeoutMs)
      expect(actor.getSnapshot().context.attempt).toBe(attempt)
      const snapshot = await connectFails(actor, fakes, TIMED_OUT)
      if (attempt === CONNECT_ATTEMPTS) break
      expect(snapshot.value).toBe('retrying')
      await vi.advanceTimersByTimeAsync(CONNECT_RETRY_DELAY_MS - 1)
      expect(actor.getSnapshot().value).toBe('retrying')
      await vi.advanceTimersByTimeAsync(1)
    }
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('disconnected')
    expect(snapshot.context.error).toBe(`Failed to connect NWC wallet: ${TIMED_OUT}`)
    expect(fakes.recorder.requests.filter((r) => r.id === 'forget')).toEqual([])
  })

  it('a stored connection failing otherwise is removed at once; a manual one is not retried', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'wallet.connectSaved', id: OPENED.savedId })
    fakes.recorder.pending('open').resolve(OPENED)
    await settle()
    expect((await connectFails(actor, fakes, REFUSED)).value).toBe('forgetting')
    fakes.recorder.pending('forget').resolve()
    await settle()
    actor.send({ type: 'wallet.connect', target: NWC, save: null })
    const snapshot = await connectFails(actor, fakes, NETWORK)
    expect(snapshot.value).toBe('disconnected')
    expect(snapshot.context.error).toBe(`Failed to connect NWC wallet: ${NETWORK}`)
  })

  it("a saved wallet that cannot be opened says why, or 'Failed to connect to wallet'", async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'wallet.connectSaved', id: OPENED.savedId })
    fakes.recorder.pending('open').reject(new Error(OLD_WALLET_RECORD))
    await settle()
    expect(actor.getSnapshot().context.error).toBe(OLD_WALLET_RECORD)
    actor.send({ type: 'wallet.connectSaved', id: OPENED.savedId })
    fakes.recorder.pending('open').reject(new Error(''))
    await settle()
    expect(actor.getSnapshot().context.error).toBe('Failed to connect to wallet')
  })

  it('manual disconnect blocks auto-connect until the next successful connect', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'wallet.connect', target: NWC, save: null })
    fakes.recorder.pending('connect').resolve(INFO)
    await settle()
    actor.send({ type: 'wallet.disconnect' })
    expect(fakes.closes).toBe(1)
    actor.send({ type: 'wallet.auto', trigger: 'unlocked' })
    expect(actor.getSnapshot().value).toBe('disconnected')
    actor.send({ type: 'wallet.connect', target: NWC, save: null })
    fakes.recorder.pending('connect').resolve(INFO)
    await settle()
    expect(actor.getSnapshot().context.manualDisconnect).toBe(false)
  })

  it('sign-out disconnects and removes the stored connections, whatever the state', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'wallet.connect', target: NWC, save: { name: 'Mine' } })
    fakes.recorder.pending('connect').resolve(INFO)
    await settle()
    expect(actor.getSnapshot().value).toBe('saving')
    actor.send({ type: 'wallet.signedOut', pubkey: PUBKEY })
    expect(fakes.closes).toBe(0) // not connected yet: nothing to close
    expect(fakes.recorder.pending('forgetUser').input).toEqual({ pubkey: PUBKEY })
  })
})
