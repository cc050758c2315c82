// Bulk BIP-340 signing in worker threads, straight on nostr-wasm's libsecp256k1 build.
//
// Why not just call nostr-wasm's finalizeEvent? It rebuilds the keypair (one elliptic-curve
// multiplication) for every event; here each author's keypair is built once per thread, which
// halves the work, and two threads use both cores. That keeps the world generation, which runs
// at every test-relay start, at about a second of signing for ~5,000 events.
//
// This relies on the internals of nostr-wasm 0.1.0 (pinned in package.json): the base64 WASM
// payload in dist/main.js and its minified export names (see dist/nostr.js, map_wasm_exports).
// Everything is checked, and the caller falls back to finalizeEvent when anything is off.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { schnorr } from '@noble/curves/secp256k1.js'
import { hexToBytes } from '@noble/hashes/utils.js'

export interface BulkJob {
  /** event id (the 32-byte message that gets signed) */
  id: string
  pubkey: string
  secretKey: Uint8Array
}

let compiled: WebAssembly.Module | null | undefined

/** the libsecp256k1 module embedded in nostr-wasm, compiled once per process */
function secpModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled
  try {
    const main = readFileSync(createRequire(import.meta.url).resolve('nostr-wasm'), 'utf8')
    const b64 = /sb64_data\s*=\s*"([A-Za-z0-9+/=]+)"/.exec(main)?.[1]
    compiled = b64 ? new WebAssembly.Module(Buffer.from(b64, 'base64')) : null
  } catch {
    compiled = null
  }
  return compiled
}

// Plain JS so it runs unchanged under node, tsx and vitest. Export names: g memory, h init,
// i malloc, o context_create, r keypair_create, t schnorrsig_sign32.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { module, keys, ids, owners } = workerData
let heap
const imports = { a: {
  a: () => { throw new Error('libsecp256k1 abort') },
  f: (dst, src, n) => heap.copyWithin(dst, src, src + n),
  d: () => { throw new Error('libsecp256k1 out of memory') },
  e: () => 52,
  c: () => 70,
  b: (fd, iov, count, written) => {
    const u32 = new Uint32Array(heap.buffer)
    let n = 0
    for (let i = 0; i < count; i++) n += u32[(iov + i * 8 + 4) >> 2]
    u32[written >> 2] = n
    return 0
  },
} }
WebAssembly.instantiate(module, imports).then((instance) => {
  const x = instance.exports
  for (const name of ['h', 'i', 'o', 'r', 't']) {
    if (typeof x[name] !== 'function') throw new Error('unexpected nostr-wasm exports')
  }
  heap = new Uint8Array(x.g.buffer)
  x.h()
  const ctx = x.o(513 | 257)
  const pairs = x.i(96 * keys.length)
  const sk = x.i(32)
  const msg = x.i(32)
  const sig = x.i(64)
  const aux = x.i(32)
  heap = new Uint8Array(x.g.buffer)
  heap.fill(0, aux, aux + 32)
  keys.forEach((key, i) => {
    heap.set(key, sk)
    if (x.r(ctx, pairs + 96 * i, sk) !== 1) throw new Error('bad secret key')
  })
  heap.fill(0, sk, sk + 32)
  const sigs = new Uint8Array(64 * owners.length)
  for (let j = 0; j < owners.length; j++) {
    heap.set(ids.subarray(32 * j, 32 * j + 32), msg)
    if (x.t(ctx, sig, msg, pairs + 96 * owners[j], aux) !== 1) throw new Error('signing failed')
    sigs.set(heap.subarray(sig, sig + 64), 64 * j)
  }
  parentPort.postMessage(sigs, [sigs.buffer])
})
`

function runWorker(module: WebAssembly.Module, jobs: BulkJob[]): Promise<Uint8Array> {
  const keyIndex = new Map<string, number>()
  const keys: Uint8Array[] = []
  const owners = new Uint16Array(jobs.length)
  const ids = new Uint8Array(32 * jobs.length)
  jobs.forEach((job, j) => {
    let k = keyIndex.get(job.pubkey)
    if (k === undefined) {
      k = keys.length
      keyIndex.set(job.pubkey, k)
      keys.push(job.secretKey)
    }
    owners[j] = k
    ids.set(hexToBytes(job.id), 32 * j)
  })
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { module, keys, ids, owners },
    })
    worker.once('message', (sigs: Uint8Array) => {
      resolve(sigs)
      void worker.terminate()
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`signing worker exited with ${code}`)))
  })
}

/**
 * Hex signatures for the jobs, in order, or null when the fast path is unavailable
 * (the caller then signs another way).
 */
export async function signInWorkers(jobs: BulkJob[], threads = 2): Promise<string[] | null> {
  const module = secpModule()
  if (!module || jobs.length === 0) return jobs.length === 0 ? [] : null
  try {
    const size = Math.ceil(jobs.length / threads)
    const chunks = Array.from({ length: threads }, (_, i) => jobs.slice(i * size, (i + 1) * size))
    const results = await Promise.all(chunks.map((chunk) => runWorker(module, chunk)))
    const sigs: string[] = []
    for (const bytes of results) {
      for (let j = 0; j < bytes.length / 64; j++)
        sigs.push(Buffer.from(bytes.subarray(64 * j, 64 * j + 64)).toString('hex'))
    }
    // spot-check one signature per chunk against an independent implementation
    for (let c = 0; c < chunks.length; c++) {
      const job = chunks[c]?.[0]
      const sig = sigs[c * size]
      if (
        job &&
        sig &&
        !schnorr.verify(hexToBytes(sig), hexToBytes(job.id), hexToBytes(job.pubkey))
      )
        return null
    }
    return sigs.length === jobs.length ? sigs : null
  } catch {
    return null
  }
}
