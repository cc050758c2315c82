import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { createCashuStore } from '../../../../src/actors/ecash/cashu-store.ts'
import { idbStore } from '../../../../src/actors/platform/idb-store.ts'

const mint = (url: string) => ({ url, name: url })

describe('the ecash wallet store', () => {
  it('two tabs on one database: each change starts from what the other wrote', async () => {
    const name = 'cashu-store-tabs'
    const first = createCashuStore(idbStore(name, 'wallet'))
    const second = createCashuStore(idbStore(name, 'wallet'))
    await first.read('me') // read before the other tab writes: nothing of it may be kept
    await second.update('me', (r) => ({ ...r, mints: [...r.mints, mint('https://a.example')] }))
    await first.update('me', (r) => ({ ...r, mints: [...r.mints, mint('https://b.example')] }))
    expect((await second.read('me')).mints.map((m) => m.url)).toEqual([
      'https://a.example',
      'https://b.example',
    ])
  })

  it('changes in one tab run one after another, each on the last one written', async () => {
    const store = createCashuStore(idbStore('cashu-store-serial', 'wallet'))
    await Promise.all(
      [1, 2, 3].map((n) =>
        store.update('me', (r) => ({
          ...r,
          counters: { ...r.counters, k: (r.counters.k ?? 0) + n },
        })),
      ),
    )
    expect((await store.read('me')).counters).toEqual({ k: 6 })
  })
})
