import { neventEncode, noteEncode, nprofileEncode, npubEncode } from 'nostr-tools/nip19'
import { describe, expect, it } from 'vitest'
import {
  PREFETCH_HOVER_DELAY_MS,
  prefetchAllowed,
  prefetchTarget,
} from '../../../../src/core/app/prefetch.ts'

const pubkey = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d'
const id = 'b9f5441e45ca39179320e0031cfb18e34078673dcc3d3e3a3b3a981760aa5696'

describe('whether to prefetch (spec §2)', () => {
  it('waits 80 ms of hover (spec §9)', () => {
    expect(PREFETCH_HOVER_DELAY_MS).toBe(80)
  })

  it('prefetches when the browser says nothing, or a fast connection without data saver', () => {
    expect(prefetchAllowed(undefined)).toBe(true)
    expect(prefetchAllowed(null)).toBe(true)
    expect(prefetchAllowed({})).toBe(true)
    expect(prefetchAllowed({ saveData: false, effectiveType: '4g' })).toBe(true)
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true)
  })

  it('never in data-saver mode, nor on 2g or slow-2g', () => {
    expect(prefetchAllowed({ saveData: true, effectiveType: '4g' })).toBe(false)
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false)
    expect(prefetchAllowed({ saveData: false, effectiveType: 'slow-2g' })).toBe(false)
  })
})

describe('what a link prefetches', () => {
  it('the screen for / and /create', () => {
    expect(prefetchTarget('/')).toEqual({ kind: 'screen' })
    expect(prefetchTarget('/create')).toEqual({ kind: 'screen' })
  })

  it('a note by note id or nevent', () => {
    expect(prefetchTarget(`/note/${noteEncode(id)}`)).toEqual({ kind: 'note', id })
    expect(
      prefetchTarget(`/note/${neventEncode({ id, relays: ['wss://r.example.com'] })}`),
    ).toEqual({ kind: 'note', id })
  })

  it('a profile by npub, nprofile or hex, on any of its tabs', () => {
    expect(prefetchTarget(`/npub/${npubEncode(pubkey)}`)).toEqual({ kind: 'profile', pubkey })
    expect(prefetchTarget(`/npub/${nprofileEncode({ pubkey })}/following`)).toEqual({
      kind: 'profile',
      pubkey,
    })
    expect(prefetchTarget(`/npub/${pubkey}`)).toEqual({ kind: 'profile', pubkey })
  })

  it('nothing for identifiers that do not decode, or other screens', () => {
    for (const path of [
      '/note/note1xyz',
      `/note/${npubEncode(pubkey)}`,
      '/npub/alice',
      `/npub/${noteEncode(id)}`,
      '/note/%E0%A4%A',
      '/note/',
      '/search',
      '/about',
      '/notifications',
    ]) {
      expect(prefetchTarget(path)).toBeNull()
    }
  })
})
