/**
 * What a page's heap holds, from a DevTools heap snapshot: self sizes summed by kind (compiled
 * code, strings, JS objects, Blink's native objects) and by constructor name, so that two marks
 * can be compared. Names are the built app's, minified, except the platform's own (Object, Array,
 * Map, DOMTimer, HTMLDivElement) and the app's public fields; growth in one of those still points
 * at the cause (a DOMTimer per query left behind, say).
 */
import type { CDPSession } from 'playwright-core'

export interface HeapSummary {
  /** Bytes by kind: 'code', 'strings', 'objects' (the JS heap) and 'native' (Blink's, outside it). */
  kinds: Record<HeapKind, number>
  /** Bytes and count by "type:name" (an object's constructor, a native's class). */
  names: Map<string, { bytes: number; count: number }>
}

export type HeapKind = 'code' | 'strings' | 'objects' | 'native'

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } }
  nodes: number[]
  strings: string[]
}

const kindOf = (type: string): HeapKind | null => {
  if (type === 'code') return 'code'
  if (type === 'native') return 'native'
  if (type === 'synthetic') return null
  return type.endsWith('string') ? 'strings' : 'objects'
}

export function summarize(json: string): HeapSummary {
  const { snapshot, nodes, strings } = JSON.parse(json) as Snapshot
  const fields = snapshot.meta.node_fields
  const types = snapshot.meta.node_types[0]
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ]
  const kinds: Record<HeapKind, number> = { code: 0, strings: 0, objects: 0, native: 0 }
  const names = new Map<string, { bytes: number; count: number }>()
  for (let at = 0; at < nodes.length; at += fields.length) {
    const type = types[nodes[at + typeAt] as number] ?? ''
    const kind = kindOf(type)
    if (!kind) continue
    const bytes = nodes[at + sizeAt] as number
    kinds[kind] += bytes
    // Strings by kind only: their text would make a name each.
    const name = kind === 'strings' ? type : `${type}:${strings[nodes[at + nameAt] as number]}`
    const entry = names.get(name) ?? { bytes: 0, count: 0 }
    entry.bytes += bytes
    entry.count++
    names.set(name, entry)
  }
  return { kinds, names }
}

/** Takes a snapshot of the page's heap (after a full garbage collection) and summarizes it. */
export async function heapSummary(cdp: CDPSession): Promise<HeapSummary> {
  const chunks: string[] = []
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  }
  return summarize(chunks.join(''))
}

/** The names whose bytes grew most from `before` to `after`, largest first. */
export function topGrowth(
  before: HeapSummary,
  after: HeapSummary,
  count: number,
): { name: string; bytes: number; countBefore: number; countAfter: number }[] {
  return [...after.names]
    .map(([name, { bytes, count: countAfter }]) => {
      const was = before.names.get(name)
      return {
        name,
        bytes: bytes - (was?.bytes ?? 0),
        countBefore: was?.count ?? 0,
        countAfter,
      }
    })
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count)
}
