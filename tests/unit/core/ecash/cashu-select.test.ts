import { type GetInfoResponse, KeyChain, Wallet } from '@cashu/cashu-ts'
import { describe, expect, it } from 'vitest'
import { CASHU } from '../../../../src/core/ecash/cashu-constants.ts'
import {
  type Candidate,
  cashuProofSelector,
  selectProofs,
} from '../../../../src/core/ecash/cashu-select.ts'
import { nut02 } from '../../../fixtures/nuts/index.ts'

const coins = (amounts: number[], feePpk = 0): Candidate<string>[] =>
  amounts.map((amount, i) => ({ proof: `p${i}:${amount}`, amount, feePpk }))
const fixedClock = () => 0
/** A seeded generator, so a failing run can be replayed. */
function seeded(seed = 7) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}
const sumOf = (proofs: string[]) => proofs.reduce((s, p) => s + Number(p.split(':')[1]), 0)
const POWERS = [512, 256, 128, 64, 32, 16, 8, 4, 2, 1]

describe('proof selection', () => {
  it('finds an exact combination when one exists', () => {
    const { send, keep } = selectProofs(coins(POWERS), 300, { now: fixedClock, random: seeded() })
    expect(sumOf(send)).toBe(300)
    expect(send).toHaveLength(4)
    expect(sumOf(keep)).toBe(1023 - 300)
  })

  it('otherwise overshoots as little as it can', () => {
    const { send } = selectProofs(coins([64, 32, 32, 16]), 40, {
      now: fixedClock,
      random: seeded(),
    })
    expect(sumOf(send)).toBe(48)
  })

  it('covers the inputs own fees when asked', () => {
    // 100 ppk per proof: 4 proofs cost 1 sat, so 300 needs 301 worth.
    const { send } = selectProofs(coins(POWERS, 100), 300, {
      includeFees: true,
      now: fixedClock,
      random: seeded(),
    })
    const fee = Math.ceil((send.length * 100) / 1000)
    expect(sumOf(send) - fee).toBeGreaterThanOrEqual(300)
    expect(sumOf(send) - fee - 300).toBeLessThanOrEqual(1)
  })

  it('returns nothing to send when the funds or an exact match are not there', () => {
    const options = { now: fixedClock, random: seeded() }
    expect(selectProofs(coins([8, 4]), 13, options)).toEqual({ send: [], keep: ['p0:8', 'p1:4'] })
    expect(selectProofs(coins([8, 8]), 12, { ...options, exactMatch: true }).send).toEqual([])
    expect(selectProofs(coins([8, 4]), 12, { ...options, exactMatch: true }).send).toHaveLength(2)
    expect(selectProofs(coins([8]), 0, options).send).toEqual([])
  })

  it('stops after 60 trials', () => {
    let draws = 0
    const random = () => {
      draws++
      return 0.5
    }
    // 3-sat coins never make 4 exactly: every trial runs.
    selectProofs(coins([3, 3, 3]), 4, { now: fixedClock, random })
    expect(CASHU.selection.trials).toBe(60)
    expect(draws / 2 + 1).toBe(60) // trial 0 is unshuffled; a shuffle of 3 draws twice
  })

  it('stops once 1000 ms have passed, keeping the best so far', () => {
    let draws = 0
    const random = () => {
      draws++
      return 0.5
    }
    let t = 0
    const now = () => {
      const current = t
      t += 400
      return current
    }
    const { send } = selectProofs(coins([3, 3, 3]), 4, { now, random })
    expect(sumOf(send)).toBe(6)
    // Clock reads: start 0, then 400, 800, 1200 after trials 1..3.
    expect(draws / 2 + 1).toBe(3)
    expect(CASHU.selection.timeLimitMs).toBe(1000)
  })
})

describe('selection inside a cashu-ts wallet', () => {
  const url = 'http://127.0.0.1:1'
  const v1 = nut02.version01[0]
  if (!v1) throw new Error('fixture missing')
  const keyset = { id: v1.id, unit: 'sat', active: true, input_fee_ppk: 100 }
  const cache = KeyChain.mintToCacheDTO(url, [keyset], [{ ...keyset, keys: v1.keys }])
  const proofs = [8, 4, 2, 1, 1].map((amount, i) => ({
    id: v1.id,
    amount,
    secret: `secret-${i}`,
    C: '02'.padEnd(66, '1'),
  }))

  it('reads fees from the keychain', () => {
    const select = cashuProofSelector(fixedClock, seeded())
    const chain = KeyChain.fromCache(url, 'sat', cache)
    const { send } = select(proofs, 6, chain, true)
    expect(send.map((p) => p.amount.toNumber()).sort()).toEqual([1, 2, 4])
  })

  it('is what the wallet uses to pick proofs', () => {
    const wallet = new Wallet(url, { selectProofs: cashuProofSelector(fixedClock, seeded()) })
    const info: GetInfoResponse = {
      name: 'offline mint',
      pubkey: '02'.padEnd(66, '1'),
      version: 'test/0',
      contact: [],
      nuts: { '4': { methods: [], disabled: false }, '5': { methods: [], disabled: false } },
    }
    wallet.loadMintFromCache(info, cache)
    const { send, keep } = wallet.selectProofsToSend(proofs, 12)
    expect(send.map((p) => p.amount.toNumber())).toEqual([8, 4])
    expect(keep).toHaveLength(3)
  })
})
