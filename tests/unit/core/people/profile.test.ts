import { describe, expect, it } from 'vitest'
import {
  displayName,
  parseProfileMetadata,
  shortHex,
  shortNpub,
} from '../../../../src/core/people/profile.ts'

const PUBKEY = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d'

describe('parseProfileMetadata', () => {
  it('fills missing fields with empty strings', () => {
    expect(parseProfileMetadata('{"name":"ana","lud16":"ana@pay.example"}')).toEqual({
      name: 'ana',
      display_name: '',
      picture: '',
      about: '',
      nip05: '',
      website: '',
      banner: '',
      lud16: 'ana@pay.example',
      lud06: '',
    })
  })

  it('falls back from display_name to displayName', () => {
    expect(parseProfileMetadata('{"displayName":"Ana"}')?.display_name).toBe('Ana')
    expect(parseProfileMetadata('{"display_name":"A","displayName":"B"}')?.display_name).toBe('A')
  })

  it('gives null for content that is not a JSON object', () => {
    for (const content of ['', 'hello', '[1,2]', 'null', '42'])
      expect(parseProfileMetadata(content)).toBeNull()
  })

  it('ignores fields of the wrong type', () => {
    expect(parseProfileMetadata('{"name":7,"picture":{"u":1}}')).toMatchObject({
      name: '',
      picture: '',
    })
  })
})

describe('names', () => {
  it('shortens npub to 13 characters at each end and hex to 9', () => {
    expect(shortNpub(PUBKEY)).toBe('npub180cvv07t…th6gkwsyjh6w6')
    expect(shortHex(PUBKEY)).toBe('3bf0c63fc…aaefa459d')
  })

  it('shows display_name, then name, then the short npub', () => {
    const meta = parseProfileMetadata('{"name":"jack","display_name":"Jack"}')
    expect(displayName(meta, PUBKEY)).toBe('Jack')
    expect(displayName(parseProfileMetadata('{"name":"jack"}'), PUBKEY)).toBe('jack')
    expect(displayName(null, PUBKEY)).toBe(shortNpub(PUBKEY))
  })
})
