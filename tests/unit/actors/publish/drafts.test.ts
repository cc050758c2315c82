import { nsecEncode } from 'nostr-tools/nip19'
import { generateSecretKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { clearDraft, loadDraft, saveDraft } from '../../../../src/actors/publish/drafts.ts'

const ME = 'a1'.repeat(32)
const NOTE = { kind: 'note' } as const
const REPLY = { kind: 'reply', id: 'ee'.repeat(32) } as const

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

describe('drafts in storage', () => {
  it('keeps one text per account and context, and clears it', () => {
    const storage = memoryStorage()
    saveDraft(ME, NOTE, 'a note', storage)
    saveDraft(ME, REPLY, 'a reply', storage)
    saveDraft(null, NOTE, 'a visitor note', storage)
    expect(loadDraft(ME, NOTE, storage)).toBe('a note')
    expect(loadDraft(ME, REPLY, storage)).toBe('a reply')
    expect(loadDraft(null, NOTE, storage)).toBe('a visitor note')
    clearDraft(ME, NOTE, storage)
    expect(loadDraft(ME, NOTE, storage)).toBeNull()
    expect(loadDraft(ME, REPLY, storage)).toBe('a reply')
  })

  it('removes the draft when the text is blank or holds a secret key', () => {
    const storage = memoryStorage()
    saveDraft(ME, NOTE, 'something', storage)
    saveDraft(ME, NOTE, '   ', storage)
    expect(storage.items.size).toBe(0)
    saveDraft(ME, NOTE, 'something', storage)
    saveDraft(ME, NOTE, `my key ${nsecEncode(generateSecretKey())}`, storage)
    expect(storage.items.size).toBe(0)
  })

  it('goes on when the storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(() => saveDraft(ME, NOTE, 'text', refusing)).not.toThrow()
    expect(loadDraft(ME, NOTE, refusing)).toBeNull()
    expect(() => clearDraft(ME, NOTE, refusing)).not.toThrow()
  })
})
