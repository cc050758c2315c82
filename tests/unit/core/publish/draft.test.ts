import { nsecEncode } from 'nostr-tools/nip19'
import { generateSecretKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  draftAfterAccountChange,
  draftKey,
  isStorableDraft,
} from '../../../../src/core/publish/draft.ts'

const ME = 'a1'.repeat(32)
const OTHER = 'b2'.repeat(32)
const NOTE = 'cc'.repeat(32)

describe('drafts', () => {
  it('are keyed per account (or visitor) and per context', () => {
    expect(draftKey(ME, { kind: 'note' })).toBe(`plumeDraft:${ME}:note`)
    expect(draftKey(null, { kind: 'note' })).toBe('plumeDraft:visitor:note')
    expect(draftKey(ME, { kind: 'reply', id: NOTE })).toBe(`plumeDraft:${ME}:reply:${NOTE}`)
    expect(draftKey(ME, { kind: 'quote', id: NOTE })).toBe(`plumeDraft:${ME}:quote:${NOTE}`)
  })

  it('keep neither blank text nor text holding a secret key', () => {
    expect(isStorableDraft('hello')).toBe(true)
    expect(isStorableDraft('  \n')).toBe(false)
    expect(isStorableDraft(`key: ${nsecEncode(generateSecretKey())}`)).toBe(false)
  })

  it("go along when a visitor logs in to an account with no draft here; else it is the account's own", () => {
    expect(draftAfterAccountChange(null, ME, 'typed', null)).toEqual({ text: 'typed', moved: true })
    expect(draftAfterAccountChange(null, ME, 'typed', 'mine')).toEqual({
      text: 'mine',
      moved: false,
    })
    expect(draftAfterAccountChange(null, ME, '', null)).toEqual({ text: '', moved: false })
    expect(draftAfterAccountChange(ME, OTHER, 'typed', null)).toEqual({ text: '', moved: false })
    expect(draftAfterAccountChange(ME, OTHER, 'typed', 'theirs')).toEqual({
      text: 'theirs',
      moved: false,
    })
    expect(draftAfterAccountChange(ME, null, 'typed', null)).toEqual({ text: '', moved: false })
  })
})
