// The proof reservation machine with its real effects (src/actors/ecash/proof-reservation.effects.ts)
// over a wallet record in IndexedDB (fake-indexeddb) and the test mint: a reservation of 250 proofs
// settled after a reload, checkstate asked in batches of 100 (NUT-07), each proof by its own answer.
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, toPromise } from 'xstate'
import { createCashuStore } from '../../../../src/actors/ecash/cashu-store.ts'
import { reservationLogic } from '../../../../src/actors/ecash/proof-reservation.effects.ts'
import { idbStore } from '../../../../src/actors/platform/idb-store.ts'
import {
  addProofs,
  emptyBook,
  reserve,
  toStoredProof,
} from '../../../../src/core/ecash/cashu-proof-book.ts'
import { type MintWallet, mintedProofs, startMintWallet } from '../../../peers/mint/mint-wallet.ts'

let fixture: MintWallet
beforeAll(async () => {
  fixture = await startMintWallet()
})
afterAll(() => fixture.mint.stop())

describe('proof reservation effects', () => {
  it('settles 250 reserved proofs from checkstate batches of 100: each proof by its own batch, spent deleted, unspent returned', async () => {
    const { mint, wallet } = fixture
    const minted = await mintedProofs(
      fixture,
      Array.from({ length: 250 }, () => 1),
    )
    const proofs = minted.map(toStoredProof)
    expect(proofs).toHaveLength(250)
    // Spent at the mint meanwhile: the even ones of batch 1 (0-99), all of batch 2 (100-199)
    // but every tenth, and the last of batch 3 (200-249).
    const spentAt = (i: number) => (i < 100 ? i % 2 === 0 : i < 200 ? i % 10 !== 0 : i === 249)
    // Swapped for new ones (a receive): the mint marks the inputs SPENT.
    await wallet.receive({
      mint: mint.url,
      unit: 'sat',
      proofs: minted.filter((_, i) => spentAt(i)),
    })

    // A reload left the reservation open: proofs reserved, journal entry kept.
    const store = createCashuStore(idbStore('reservation-effects', 'wallet'))
    const secrets = proofs.map((p) => p.secret)
    await store.update('me', (record) => ({
      ...record,
      book: reserve(
        addProofs(emptyBook(), mint.url, proofs, 0),
        { opId: 'swap-1', kind: 'swap', mint: mint.url, secrets },
        1,
      ),
    }))
    const logic = reservationLogic({
      store,
      pubkey: 'me',
      walletOf: async () => wallet,
      now: () => 2,
    })
    const actor = createActor(logic, {
      input: { opId: 'swap-1', kind: 'swap', mint: mint.url, secrets, resume: true },
    }).start()
    expect(await toPromise(actor)).toEqual({ outcome: 'reconciled', error: null })

    const { book } = await store.read('me')
    const stateOf = new Map(book.entries.map((e) => [e.proof.secret, e.state]))
    const expected = proofs.map((_, i) => (spentAt(i) ? 'deleted' : 'available'))
    expect(proofs.map((p) => stateOf.get(p.secret))).toEqual(expected)
    expect(book.journal).toEqual([])
    // Minting 250 outputs takes the test mint some seconds on a busy machine.
  }, 60_000)
})
