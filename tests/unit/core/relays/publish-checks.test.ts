import { describe, expect, it } from 'vitest'
import {
  assertPublishable,
  isPublishTarget,
  PUBLISH_ERRORS,
  publishProblem,
} from '../../../../src/core/relays/publish-checks.ts'

const ID = 'a1'.repeat(32)
const PUBKEY = 'b2'.repeat(32)
const RELAYS = ['wss://relay.example']

describe('publish checks (spec lightning-and-ecash §5)', () => {
  it('has the spec texts', () => {
    expect(PUBLISH_ERRORS).toEqual({
      clientNotReady: 'Nostr client not ready',
      noRelays: 'No relays configured',
      invalidTarget: 'Invalid target event',
      quoteContentRequired: 'Quote repost content required',
      loginRequired: 'Login Required',
    })
  })

  it('passes a ready client with relays, with or without a valid target', () => {
    expect(publishProblem({ clientReady: true, relays: RELAYS })).toBeNull()
    const target = { id: ID, pubkey: PUBKEY }
    expect(publishProblem({ clientReady: true, relays: RELAYS, target })).toBeNull()
    expect(() => assertPublishable({ clientReady: true, relays: RELAYS, target })).not.toThrow()
  })

  it("refuses a client that is not ready: 'Nostr client not ready', first", () => {
    expect(publishProblem({ clientReady: false, relays: [], target: null })).toBe(
      'Nostr client not ready',
    )
    expect(() => assertPublishable({ clientReady: false, relays: RELAYS })).toThrow(
      'Nostr client not ready',
    )
  })

  it("refuses an empty relay list: 'No relays configured', before the target", () => {
    expect(publishProblem({ clientReady: true, relays: [], target: null })).toBe(
      'No relays configured',
    )
    expect(() => assertPublishable({ clientReady: true, relays: [] })).toThrow(
      'No relays configured',
    )
  })

  it("refuses a target without a valid id and pubkey: 'Invalid target event'", () => {
    for (const target of [
      null,
      undefined,
      'note',
      {},
      { id: ID },
      { pubkey: PUBKEY },
      { id: ID.slice(2), pubkey: PUBKEY },
      { id: ID, pubkey: PUBKEY.toUpperCase() },
      { id: 42, pubkey: PUBKEY },
    ]) {
      expect(publishProblem({ clientReady: true, relays: RELAYS, target })).toBe(
        'Invalid target event',
      )
      expect(() => assertPublishable({ clientReady: true, relays: RELAYS, target })).toThrow(
        'Invalid target event',
      )
    }
  })

  it('tells a target from anything else', () => {
    expect(isPublishTarget({ id: ID, pubkey: PUBKEY, kind: 1 })).toBe(true)
    expect(isPublishTarget({ id: ID, pubkey: '' })).toBe(false)
  })
})
