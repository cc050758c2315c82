/**
 * NUT-13 counters kept in the user's wallet record: a range is written to IndexedDB before
 * cashu-ts uses it, so a reload never hands out a counter the mint has already signed (which it
 * refuses, error 11003) and a restore knows where to look.
 */
import type { CounterRange, CounterSource } from '@cashu/cashu-ts'
import type { CashuStore } from './cashu-store.ts'

export function storedCounters(store: CashuStore, pubkey: string): CounterSource {
  const next = async (keysetId: string) => (await store.read(pubkey)).counters[keysetId] ?? 0
  const setAtLeast = (keysetId: string, value: number) =>
    store.update(pubkey, (record) => ({
      ...record,
      counters: {
        ...record.counters,
        [keysetId]: Math.max(record.counters[keysetId] ?? 0, value),
      },
    }))
  return {
    async reserve(keysetId, n): Promise<CounterRange> {
      if (n === 0) return { start: await next(keysetId), count: 0 }
      let start = 0
      await store.update(pubkey, (record) => {
        start = record.counters[keysetId] ?? 0
        return { ...record, counters: { ...record.counters, [keysetId]: start + n } }
      })
      return { start, count: n }
    },
    async reserveAt(keysetId, start, count): Promise<CounterRange> {
      await store.update(pubkey, (record) => {
        const current = record.counters[keysetId] ?? 0
        if (start < current) throw new Error(`Counter ${start} of keyset ${keysetId} already used`)
        return { ...record, counters: { ...record.counters, [keysetId]: start + count } }
      })
      return { start, count }
    },
    advanceToAtLeast: async (keysetId, minNext) => {
      await setAtLeast(keysetId, minNext)
    },
    snapshot: async () => ({ ...(await store.read(pubkey)).counters }),
  }
}
