// The private part of a mute list (NIP-51) with the real nostr-tools ciphers: written with
// NIP-44, read with NIP-44 or the older NIP-04, garbage refused, and the union with the public part.
import * as nip04 from 'nostr-tools/nip04'
import { v2 as nip44 } from 'nostr-tools/nip44'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { muteTags, parseMuteList, unionMuteLists } from '../../../../src/core/people/mute-list.ts'
import {
  cipherOf,
  hasPrivatePart,
  MUTE_PRIVATE_MESSAGES,
  parsePrivateTags,
  privateTagsText,
} from '../../../../src/core/people/mute-private.ts'
import { muteSetOf } from '../../../../src/core/people/mute-set.ts'

const key = generateSecretKey()
const me = getPublicKey(key)
const toSelf = nip44.utils.getConversationKey(key, me)
const HIDDEN = [
  ['p', 'cd'.repeat(32)],
  ['word', 'secret plan'],
  ['t', 'spoilers'],
  ['e', 'ef'.repeat(32)],
]

describe('the private part of a mute list', () => {
  it('round-trips through NIP-44 to oneself', () => {
    const content = nip44.encrypt(privateTagsText(HIDDEN), toSelf)
    expect(cipherOf(content)).toBe('nip44')
    expect(content).not.toContain('secret plan')
    expect(parsePrivateTags(nip44.decrypt(content, toSelf))).toEqual(HIDDEN)
  })

  it('reads an old NIP-04 list, told apart by its "?iv="', async () => {
    const content = await nip04.encrypt(key, me, privateTagsText(HIDDEN))
    expect(cipherOf(content)).toBe('nip04')
    expect(parsePrivateTags(await nip04.decrypt(key, me, content))).toEqual(HIDDEN)
  })

  it('refuses garbage and keeps only tags from a mixed array', () => {
    expect(() => parsePrivateTags('not json')).toThrow(MUTE_PRIVATE_MESSAGES.notTags)
    expect(() => parsePrivateTags('{"p":1}')).toThrow(MUTE_PRIVATE_MESSAGES.notTags)
    expect(parsePrivateTags('[["word","x"],[],["p",1],"t",["t","y"]]')).toEqual([
      ['word', 'x'],
      ['t', 'y'],
    ])
    // Another key's content does not decrypt.
    const other = nip44.utils.getConversationKey(generateSecretKey(), me)
    expect(() => nip44.decrypt(nip44.encrypt('[]', other), toSelf)).toThrow()
    expect(hasPrivatePart('')).toBe(false)
    expect(hasPrivatePart('  ')).toBe(false)
    expect(hasPrivatePart('AgAB')).toBe(true)
  })

  it('mutes the union of the public and private parts, each once', () => {
    const pub = parseMuteList({
      kind: 10000,
      tags: [
        ['p', 'cd'.repeat(32), 'wss://hint.example'],
        ['word', 'Secret Plan'],
        ['t', 'news'],
      ],
    })
    const union = unionMuteLists(pub, muteTags(HIDDEN))
    expect(union.people).toEqual([
      { pubkey: 'cd'.repeat(32), relay: 'wss://hint.example', petname: '' },
    ])
    expect(union.words).toEqual(['Secret Plan'])
    expect(union.hashtags).toEqual(['news', 'spoilers'])
    expect(union.threads).toEqual(['ef'.repeat(32)])
    const set = muteSetOf(union)
    expect([...set.hashtags]).toEqual(['news', 'spoilers'])
    expect(set.words).toEqual(['secret plan'])
  })
})
