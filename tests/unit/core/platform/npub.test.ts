import { npubEncode } from 'nostr-tools/nip19'
import { describe, expect, it } from 'vitest'
import { npubOf } from '../../../../src/core/platform/npub.ts'

// NIP-19's own example.
const PUBKEY = '7e7e9c42a91bfef19fa929e5fda1b72e0ebc1a4c1141673e2794234d86addf4e'
const NPUB = 'npub10elfcs4fr0l0r8af98jlmgdh9c8tcxjvz9qkw038js35mp4dma8qzvjptg'

const key = (n: number) => n.toString(16).padStart(64, '0')

describe('npubOf', () => {
  it('encodes as NIP-19 says, the first time and when asked again', () => {
    expect(npubOf(PUBKEY)).toBe(NPUB)
    expect(npubOf(PUBKEY)).toBe(NPUB)
  })

  it('stays right for keys past those it keeps', () => {
    for (let n = 1; n <= 1500; n++) npubOf(key(n))
    for (const n of [1, 700, 1500]) expect(npubOf(key(n))).toBe(npubEncode(key(n)))
  })

  it('refuses what is not a public key, as the encoder does', () => {
    expect(() => npubOf('not hex')).toThrow()
  })
})
