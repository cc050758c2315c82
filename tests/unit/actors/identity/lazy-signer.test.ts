import { describe, expect, it, vi } from 'vitest'
import { lazySigner } from '../../../../src/actors/identity/signers/lazy.ts'
import type { Signer } from '../../../../src/actors/platform/signer.ts'

function fakeSigner(): Signer {
  return {
    kind: 'nsec',
    getPublicKey: async () => 'ab',
    signEvent: async (template) => ({ ...template, id: 'id', pubkey: 'ab', sig: 'sig' }),
    nip04Encrypt: async (peer, text) => `04>${peer}:${text}`,
    nip04Decrypt: async (peer, text) => `04<${peer}:${text}`,
    nip44Encrypt: async (peer, text) => `44>${peer}:${text}`,
    nip44Decrypt: async (peer, text) => `44<${peer}:${text}`,
    close: vi.fn(),
  }
}

describe('lazySigner', () => {
  it('loads nothing until used, then once, and forwards every call', async () => {
    const inner = fakeSigner()
    const load = vi.fn(async () => inner)
    const signer = lazySigner('nsec', load)
    expect(signer.kind).toBe('nsec')
    expect(load).not.toHaveBeenCalled()
    expect(await signer.getPublicKey()).toBe('ab')
    expect(await signer.nip04Encrypt('p', 't')).toBe('04>p:t')
    expect(await signer.nip04Decrypt('p', 't')).toBe('04<p:t')
    expect(await signer.nip44Encrypt('p', 't')).toBe('44>p:t')
    expect(await signer.nip44Decrypt('p', 't')).toBe('44<p:t')
    const template = { kind: 1, created_at: 1, tags: [], content: 'x' }
    expect(await signer.signEvent(template)).toMatchObject({ content: 'x', sig: 'sig' })
    expect(load).toHaveBeenCalledOnce()
  })

  it('close drops what a loaded signer holds, and loads nothing when it never was', async () => {
    const inner = fakeSigner()
    const load = vi.fn(async () => inner)
    lazySigner('nsec', load).close()
    expect(load).not.toHaveBeenCalled()
    const used = lazySigner('nsec', load)
    await used.getPublicKey()
    used.close()
    await vi.waitFor(() => expect(inner.close).toHaveBeenCalledOnce())
  })
})
