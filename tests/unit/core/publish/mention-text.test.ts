import { npubEncode } from 'nostr-tools/nip19'
import { describe, expect, it } from 'vitest'
import { insertMention, mentionAt } from '../../../../src/core/publish/mention-text.ts'

const HANNAH = 'a'.repeat(64)
const NPUB = npubEncode(HANNAH)

describe('mentionAt', () => {
  it('finds the @name the caret ends, at the start or after a space or a bracket', () => {
    expect(mentionAt('@han', 4)).toEqual({ start: 0, end: 4, query: 'han' })
    expect(mentionAt('Thanks @han', 11)).toEqual({ start: 7, end: 11, query: 'han' })
    expect(mentionAt('line\n(@hé', 9)).toEqual({ start: 6, end: 9, query: 'hé' })
  })

  it('reads only up to the caret: the rest of the word stays', () => {
    expect(mentionAt('hi @hannah there', 6)).toEqual({ start: 3, end: 6, query: 'ha' })
  })

  it('needs a character after the @, and no @ inside a word or a space before the caret', () => {
    expect(mentionAt('Thanks @', 8)).toBeNull()
    expect(mentionAt('mail me@home', 12)).toBeNull()
    expect(mentionAt('@han and', 8)).toBeNull()
    expect(mentionAt('@@han', 5)).toBeNull()
    expect(mentionAt('', 0)).toBeNull()
  })
})

describe('insertMention', () => {
  it('replaces the typed name with the NIP-27 reference and a space, the caret after it', () => {
    const result = insertMention('Thanks @han', { start: 7, end: 11 }, HANNAH)
    expect(result.text).toBe(`Thanks nostr:${NPUB} `)
    expect(result.caret).toBe(result.text.length)
  })

  it('keeps the text after the caret, adding no second space before it', () => {
    const result = insertMention('hi @ha there', { start: 3, end: 6 }, HANNAH)
    expect(result.text).toBe(`hi nostr:${NPUB} there`)
    expect(result.text.slice(result.caret)).toBe('there')
    const mid = insertMention('hi @haxyz', { start: 3, end: 6 }, HANNAH)
    expect(mid.text).toBe(`hi nostr:${NPUB} xyz`)
    expect(mid.text.slice(mid.caret)).toBe('xyz')
  })
})
