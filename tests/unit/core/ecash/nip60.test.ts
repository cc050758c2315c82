import { describe, expect, it } from 'vitest'
import {
  addProofs,
  commit,
  emptyBook,
  type ProofBook,
  reserve,
  type StoredProof,
} from '../../../../src/core/ecash/cashu-proof-book.ts'
import {
  deletedIds,
  deletionTemplate,
  historyParts,
  liveTokens,
  markDeleted,
  markPublished,
  NIP60_ERRORS,
  NIP60_KINDS,
  parseHistory,
  parseTokenContent,
  parseWalletSecret,
  planTokenEvents,
  QUOTE_EVENT_LIFETIME_SECONDS,
  quoteParts,
  tokenPlaintext,
  walletSecretTags,
} from '../../../../src/core/ecash/nip60.ts'

const MINT_A = 'https://mint-a.example'
const MINT_B = 'https://mint-b.example'
const KEY = 'ab'.repeat(32)
const proof = (secret: string, amount: number): StoredProof => ({
  id: '009a1f293253e41e',
  amount,
  secret,
  C: `02${secret.padEnd(64, '0')}`,
})

describe('NIP-60 event kinds', () => {
  it('uses the numbers of NIP-60 and NIP-09', () => {
    expect(NIP60_KINDS).toEqual({
      wallet: 17375,
      token: 7375,
      history: 7376,
      quote: 7374,
      deletion: 5,
    })
  })
})

describe('wallet event (17375)', () => {
  it('encrypts the wallet key and the mints as a tag list, and reads them back', () => {
    const tags = walletSecretTags({ privkey: KEY, mints: [MINT_A, MINT_B] })
    expect(tags).toEqual([
      ['privkey', KEY],
      ['mint', MINT_A],
      ['mint', MINT_B],
    ])
    expect(parseWalletSecret(JSON.stringify(tags))).toEqual({
      privkey: KEY,
      mints: [MINT_A, MINT_B],
    })
  })

  it('refuses to back up a wallet without its private key', () => {
    expect(() => walletSecretTags({ privkey: '', mints: [MINT_A] })).toThrow(
      'A wallet must have a private key to be backed up',
    )
    expect(() => walletSecretTags({ privkey: 'nope', mints: [MINT_A] })).toThrow(
      NIP60_ERRORS.noPrivkey,
    )
  })

  it('drops a malformed key and duplicate mints; refuses what is not a tag list', () => {
    expect(
      parseWalletSecret(
        JSON.stringify([
          ['privkey', 'nope'],
          ['mint', MINT_A],
          ['mint', MINT_A],
        ]),
      ),
    ).toEqual({ privkey: null, mints: [MINT_A] })
    expect(() => parseWalletSecret('not json')).toThrow(NIP60_ERRORS.badContent)
    expect(() => parseWalletSecret('{"mint":"x"}')).toThrow(NIP60_ERRORS.badContent)
  })
})

describe('token event (7375)', () => {
  it('round-trips mint, unit, proofs and del', () => {
    const text = tokenPlaintext({ mint: MINT_A, proofs: [proof('s1', 2)], del: ['old'] })
    expect(JSON.parse(text)).toEqual({
      mint: MINT_A,
      unit: 'sat',
      proofs: [proof('s1', 2)],
      del: ['old'],
    })
    expect(parseTokenContent(text)).toEqual({
      mint: MINT_A,
      unit: 'sat',
      proofs: [proof('s1', 2)],
      del: ['old'],
    })
  })

  it('defaults unit and del, keeps dleq and witness, and refuses a bad proof', () => {
    const dleq = { e: 'e1', s: 's1', r: 'r1' }
    const parsed = parseTokenContent(
      JSON.stringify({ mint: MINT_A, proofs: [{ ...proof('s1', 1), dleq, witness: 'w' }] }),
    )
    expect(parsed).toEqual({
      mint: MINT_A,
      unit: 'sat',
      proofs: [{ ...proof('s1', 1), dleq, witness: 'w' }],
      del: [],
    })
    expect(parseTokenContent(JSON.stringify({ mint: MINT_A, proofs: [{ id: 'x' }] }))).toBeNull()
    expect(parseTokenContent(JSON.stringify({ proofs: [] }))).toBeNull()
    expect(parseTokenContent('garbage')).toBeNull()
  })
})

describe('spending history (7376)', () => {
  it('encrypts direction, amount, unit and created/destroyed e tags', () => {
    const parts = historyParts({
      direction: 'out',
      amount: 4,
      created: ['new'],
      destroyed: ['old'],
    })
    expect(parts).toEqual({
      secret: [
        ['direction', 'out'],
        ['amount', '4'],
        ['unit', 'sat'],
        ['e', 'new', '', 'created'],
        ['e', 'old', '', 'destroyed'],
      ],
      tags: [],
    })
  })

  it('leaves redeemed e tags and the sender public', () => {
    const parts = historyParts({
      direction: 'in',
      amount: 21,
      redeemed: [{ id: 'zap1', relay: 'wss://r.example' }, { id: 'zap2' }],
      sender: 'cd'.repeat(32),
    })
    expect(parts.tags).toEqual([
      ['e', 'zap1', 'wss://r.example', 'redeemed'],
      ['e', 'zap2', '', 'redeemed'],
      ['p', 'cd'.repeat(32)],
    ])
    expect(JSON.stringify(parts.secret)).not.toContain('zap1')
    expect(parseHistory(parts.secret, parts.tags)).toEqual({
      direction: 'in',
      amount: 21,
      unit: 'sat',
      created: [],
      destroyed: [],
      redeemed: [
        { id: 'zap1', relay: 'wss://r.example' },
        { id: 'zap2', relay: undefined },
      ],
      sender: 'cd'.repeat(32),
    })
  })

  it('refuses an entry without direction or amount', () => {
    expect(parseHistory([['amount', '3']])).toBeNull()
    expect(parseHistory([['direction', 'in']])).toBeNull()
  })
})

describe('quote event (7374) and deletions', () => {
  it('encrypts only the quote id; expires two weeks later; names the mint', () => {
    expect(quoteParts({ quoteId: 'q1', mint: MINT_A, now: 1000 })).toEqual({
      secret: 'q1',
      tags: [
        ['expiration', String(1000 + 14 * 24 * 3600)],
        ['mint', MINT_A],
      ],
    })
    expect(QUOTE_EVENT_LIFETIME_SECONDS).toBe(1_209_600)
  })

  it('deletes with e tags and a k tag naming the kind', () => {
    expect(deletionTemplate(['a', 'b'], NIP60_KINDS.token, 5)).toEqual({
      kind: 5,
      tags: [
        ['e', 'a'],
        ['e', 'b'],
        ['k', '7375'],
      ],
      content: '',
      created_at: 5,
    })
  })

  it('keeps token events neither deleted by the user nor rolled over', () => {
    const me = 'aa'.repeat(32)
    const deleted = deletedIds(
      [
        {
          id: 'd1',
          kind: 5,
          pubkey: me,
          created_at: 1,
          tags: [
            ['e', 't1'],
            ['k', '7375'],
          ],
          content: '',
        },
        {
          id: 'd2',
          kind: 5,
          pubkey: 'bb'.repeat(32),
          created_at: 1,
          tags: [['e', 't2']],
          content: '',
        },
      ],
      me,
    )
    expect([...deleted]).toEqual(['t1'])
    const token = (id: string, del: string[] = []) => ({
      id,
      content: { mint: MINT_A, unit: 'sat', proofs: [], del },
    })
    const live = liveTokens([token('t1'), token('t2'), token('t3'), token('t4', ['t3'])], deleted)
    expect(live.map((t) => t.id)).toEqual(['t2', 't4'])
  })
})

describe('token event planner', () => {
  const at = 1
  const withTokens = (book: ProofBook, tokenOf: Record<string, string>): ProofBook => ({
    ...book,
    entries: book.entries.map((e) =>
      tokenOf[e.proof.secret] ? { ...e, tokenId: tokenOf[e.proof.secret] } : e,
    ),
  })

  it('puts new proofs into one event per mint', () => {
    let book = addProofs(emptyBook(), MINT_A, [proof('a1', 1), proof('a2', 2)], at)
    book = addProofs(book, MINT_B, [proof('b1', 4)], at)
    expect(planTokenEvents(book)).toEqual({
      publish: [
        { mint: MINT_A, proofs: [proof('a1', 1), proof('a2', 2)], del: [] },
        { mint: MINT_B, proofs: [proof('b1', 4)], del: [] },
      ],
      delete: [],
    })
  })

  it('has nothing to do when every unspent proof is in a standing event', () => {
    const book = withTokens(addProofs(emptyBook(), MINT_A, [proof('a1', 1)], at), { a1: 't1' })
    expect(planTokenEvents(book)).toEqual({ publish: [], delete: [] })
  })

  it('rolls the unspent proofs of a partly spent event over, with change, naming it in del', () => {
    let book = withTokens(
      addProofs(emptyBook(), MINT_A, [proof('a1', 1), proof('a2', 2), proof('a4', 4)], at),
      { a1: 't1', a2: 't1', a4: 't1' },
    )
    book = reserve(book, { opId: 'send', kind: 'send', mint: MINT_A, secrets: ['a4'] }, at)
    // Reserved: the send may still fail and the proof come back, so the event waits.
    expect(planTokenEvents(book)).toEqual({ publish: [], delete: [] })
    book = commit(book, 'send', ['a4'], [proof('c1', 1)], at)
    const plan = planTokenEvents(book)
    expect(plan).toEqual({
      publish: [
        { mint: MINT_A, proofs: [proof('c1', 1), proof('a1', 1), proof('a2', 2)], del: ['t1'] },
      ],
      delete: ['t1'],
    })
    // Published as t2: only the spent proof still names t1, which is then to be deleted only.
    book = markPublished(book, plan.publish[0]!, 't2')
    expect(planTokenEvents(book)).toEqual({ publish: [], delete: ['t1'] })
    book = markDeleted(book, ['t1'])
    expect(planTokenEvents(book)).toEqual({ publish: [], delete: [] })
    expect(book.entries.filter((e) => e.tokenId === 't2').map((e) => e.proof.secret)).toEqual([
      'a1',
      'a2',
      'c1',
    ])
  })

  it('deletes a wholly spent event without publishing another', () => {
    let book = withTokens(addProofs(emptyBook(), MINT_A, [proof('a1', 1)], at), { a1: 't1' })
    book = reserve(book, { opId: 'send', kind: 'send', mint: MINT_A, secrets: ['a1'] }, at)
    book = commit(book, 'send', ['a1'], [], at)
    expect(planTokenEvents(book)).toEqual({ publish: [], delete: ['t1'] })
  })

  it('marks a proof spent while its event was being published, so the event rolls over later', () => {
    let book = addProofs(emptyBook(), MINT_A, [proof('a1', 1), proof('a2', 2)], at)
    const plan = planTokenEvents(book)
    book = reserve(book, { opId: 'send', kind: 'send', mint: MINT_A, secrets: ['a1'] }, at)
    book = commit(book, 'send', ['a1'], [], at)
    book = markPublished(book, plan.publish[0]!, 't1')
    expect(planTokenEvents(book)).toEqual({
      publish: [{ mint: MINT_A, proofs: [proof('a2', 2)], del: ['t1'] }],
      delete: ['t1'],
    })
  })
})
