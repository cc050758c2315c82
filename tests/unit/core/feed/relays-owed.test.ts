import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  completeDownTo,
  owedAfter,
  relayOutcome,
  splitLate,
  untilFor,
} from '../../../../src/core/feed/relays-owed.ts'

const alice = generateSecretKey()
const bob = generateSecretKey()
const note = (key: Uint8Array, at: number) =>
  finalizeEvent({ kind: 1, created_at: at, tags: [], content: `${at}` }, key)
const A = 'wss://a.example'
const B = 'wss://b.example'

describe('relays that owe a feed notes', () => {
  it('a relay that did not answer owes from where it was asked', () => {
    expect(
      owedAfter(
        [
          { url: A, until: 500, answered: false, oldestOfFull: undefined },
          { url: B, until: 500, answered: true, oldestOfFull: undefined },
        ],
        400,
      ),
    ).toEqual({ [A]: 500 })
  })

  it('a relay that sent its full limit owes from its oldest when that is newer than the next page', () => {
    const outcome = (oldestOfFull: number) => ({ url: A, until: 900, answered: true, oldestOfFull })
    expect(owedAfter([outcome(450)], 400)).toEqual({ [A]: 450 })
    expect(owedAfter([outcome(400)], 400)).toEqual({})
    expect(owedAfter([outcome(350)], 400)).toEqual({})
    // The feed ended: nothing is asked again.
    expect(owedAfter([outcome(450)], undefined)).toEqual({})
  })

  it('a relay is asked from what it owes, else from the page', () => {
    expect(untilFor({ [A]: 700 }, A, 400)).toBe(700)
    expect(untilFor({ [A]: 700 }, B, 400)).toBe(400)
    expect(untilFor(undefined, A, 0)).toBe(0)
  })

  it('reads how far back a relay reached from its full filters: the shortest reach', () => {
    // Alice's filter came back full down to 300; bob's came back short (he has no more).
    const sent = [note(alice, 500), note(alice, 400), note(alice, 300), note(bob, 200)]
    const filters = [
      { kinds: [1], authors: [sent[0]!.pubkey], limit: 3 },
      { kinds: [1], authors: [sent[3]!.pubkey], limit: 3 },
    ]
    expect(relayOutcome(A, 600, true, filters, sent)).toEqual({
      url: A,
      until: 600,
      answered: true,
      oldestOfFull: 300,
    })
    // Both full: it reached back only as far as the shorter reach (bob's, to 350).
    const both = [...sent.slice(0, 3), note(bob, 370), note(bob, 360), note(bob, 350)]
    expect(relayOutcome(A, 600, true, filters, both).oldestOfFull).toBe(350)
    // Fewer than the limit from every filter: nothing older is left.
    expect(relayOutcome(A, 600, true, filters, sent.slice(1)).oldestOfFull).toBeUndefined()
  })

  it('knows how far back every relay that answered sent all it holds', () => {
    const full = (url: string, oldest: number) => ({
      url,
      until: 0,
      answered: true,
      oldestOfFull: oldest,
    })
    // A sent its full page down to 300, B down to 450: below 450, B may hold more.
    expect(completeDownTo([full(A, 300), full(B, 450)])).toBe(450)
    // A relay that sent less than a page sent all it has; one that did not answer owes instead.
    const short = { url: A, until: 0, answered: true, oldestOfFull: undefined }
    const silent = { url: B, until: 0, answered: false, oldestOfFull: undefined }
    expect(completeDownTo([short, silent])).toBe(0)
    expect(completeDownTo([short, full(B, 450)])).toBe(450)
    expect(completeDownTo([])).toBe(0)
  })
})

describe('late notes', () => {
  it('are the notes newer than the page, sent by relays asked from further back', () => {
    const notes = [note(alice, 120), note(alice, 100), note(bob, 90)]
    const { onPage, late } = splitLate(notes, 100)
    expect(onPage).toEqual([notes[1], notes[2]])
    expect(late).toEqual([notes[0]])
    // The newest page has none.
    expect(splitLate(notes, 0)).toEqual({ onPage: notes, late: [] })
  })
})
