import { describe, expect, it } from 'vitest'
import {
  fromPersisted,
  STORAGE_LINES,
  shouldAskPersistence,
} from '../../../../src/core/app/storage-persistence.ts'

describe('storage persistence (Storage Standard: persistent or best-effort)', () => {
  it('reads persisted() as persistent or best-effort', () => {
    expect(fromPersisted(true)).toBe('persistent')
    expect(fromPersisted(false)).toBe('best-effort')
  })

  it('asks once, only with something to lose, never when already persistent or unsupported', () => {
    const ask = (part: Partial<Parameters<typeof shouldAskPersistence>[0]>) =>
      shouldAskPersistence({ asked: false, state: 'best-effort', holdsSecrets: true, ...part })
    expect(ask({})).toBe(true)
    expect(ask({ state: 'unknown' })).toBe(true)
    expect(ask({ asked: true })).toBe(false)
    expect(ask({ holdsSecrets: false })).toBe(false)
    expect(ask({ state: 'persistent' })).toBe(false)
    expect(ask({ state: 'unsupported' })).toBe(false)
  })

  it('says each state in one short line', () => {
    expect(STORAGE_LINES).toEqual({
      unknown: 'Storage: checking…',
      persistent: 'Storage: persistent',
      'best-effort': 'Storage: may be cleared by the browser when space runs low',
      unsupported: 'Storage: this browser does not say whether it may clear it',
    })
  })
})
