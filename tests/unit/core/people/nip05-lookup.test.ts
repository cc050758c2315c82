import { describe, expect, it } from 'vitest'
import { parseNip05 } from '../../../../src/core/people/nip05.ts'
import { nip05PersonOf } from '../../../../src/core/people/nip05-lookup.ts'

const pubkey = 'b0635d6a9851d3aed0cd6c495b282167acf761729078d975fc341b22650b07b9'
const bob = parseNip05('bob@example.com')!

describe('the person a NIP-05 document names', () => {
  it('reads the pubkey for the name, and its relays when listed (the NIP-05 example)', () => {
    const document = {
      names: { bob: pubkey },
      relays: { [pubkey]: ['wss://relay.example.com', 'wss://relay2.example.com/'] },
    }
    expect(nip05PersonOf(document, bob)).toEqual({
      pubkey,
      relays: ['wss://relay.example.com', 'wss://relay2.example.com'],
    })
  })

  it('matches the name in any case and gives the pubkey in lower case', () => {
    expect(nip05PersonOf({ names: { Bob: pubkey.toUpperCase() } }, bob)).toEqual({
      pubkey,
      relays: [],
    })
  })

  it('reads _@domain from the "_" entry', () => {
    expect(nip05PersonOf({ names: { _: pubkey } }, parseNip05('example.com')!)?.pubkey).toBe(pubkey)
  })

  it('gives null for a missing name, a pubkey that is not 64 hex, or no names at all', () => {
    expect(nip05PersonOf({ names: { alice: pubkey } }, bob)).toBeNull()
    expect(nip05PersonOf({ names: { bob: 'npub1xyz' } }, bob)).toBeNull()
    expect(nip05PersonOf({ names: { bob: pubkey.slice(1) } }, bob)).toBeNull()
    expect(nip05PersonOf({ names: [] }, bob)).toBeNull()
    expect(nip05PersonOf(null, bob)).toBeNull()
    expect(nip05PersonOf('{"names":{}}', bob)).toBeNull()
  })

  it('keeps only ws(s) relay URLs from the document', () => {
    const document = {
      names: { bob: pubkey },
      relays: { [pubkey]: ['https://example.com', 42, 'wss://ok.example.com'] },
    }
    expect(nip05PersonOf(document, bob)?.relays).toEqual(['wss://ok.example.com'])
  })
})
