/**
 * The DLEQ check of a received token (NUT-12), off the main thread: a few milliseconds a proof,
 * so a 64-proof token checked on the page would freeze it for a good part of a second. One
 * worker, started by the first token received and kept for the next ones.
 */
import { wrap } from 'comlink'
import type { DleqKeyset, DleqProof } from '../../core/ecash/cashu-dleq.ts'
import { checkTokenDleq, TOKEN_ERRORS } from '../../core/ecash/cashu-token.ts'
import type { DleqApi } from '../../workers/dleq-api.ts'

/** Resolves when every proof's DLEQ holds; rejects with 'Token contains proofs with invalid DLEQ'. */
export type DleqCheck = (
  proofs: readonly DleqProof[],
  keysets: readonly DleqKeyset[],
  options: { require: boolean },
) => Promise<void>

/** A check through a worker's API; only the keysets the proofs name cross over. */
export function dleqCheckVia(api: Pick<DleqApi, 'check'>): DleqCheck {
  return async (proofs, keysets, { require }) => {
    const ids = new Set(proofs.map((p) => p.id))
    const plain = proofs.map(({ id, amount, secret, C, dleq }) => ({
      id,
      amount: String(amount),
      secret,
      C,
      ...(dleq ? { dleq: { s: dleq.s, e: dleq.e, ...(dleq.r ? { r: dleq.r } : {}) } } : {}),
    }))
    const used = keysets.filter((k) => ids.has(k.id)).map(({ id, keys }) => ({ id, keys }))
    if (!(await api.check(plain, used, require))) throw new Error(TOKEN_ERRORS.invalidDleq)
  }
}

/** The worker did not start (its script failed to load): the check is made here instead. */
class WorkerUnavailable extends Error {}

let viaWorker: DleqCheck | undefined

/**
 * Starts the worker (once) where there are Web Workers; a receive calls it first thing, so the
 * worker's script loads while the token is decoded.
 */
export function startDleqWorker(): void {
  if (viaWorker || typeof Worker === 'undefined') return
  const worker = new Worker(new URL('../../workers/dleq.worker.ts', import.meta.url), {
    type: 'module',
  })
  // Comlink never answers for a worker that failed to load: without this, a receive would hang.
  const broken = new Promise<never>((_, reject) =>
    worker.addEventListener('error', () => reject(new WorkerUnavailable()), { once: true }),
  )
  broken.catch(() => {
    viaWorker = undefined
    worker.terminate()
  })
  const check = dleqCheckVia(wrap<DleqApi>(worker))
  viaWorker = (proofs, keysets, options) => Promise.race([check(proofs, keysets, options), broken])
}

const inPlace: DleqCheck = async (proofs, keysets, options) => {
  const byId = new Map(keysets.map((k) => [k.id, k]))
  checkTokenDleq(proofs, (id) => byId.get(id), options)
}

/**
 * The app's check, in the worker. Without one (Node, where the actors' unit tests run, or a
 * worker that failed to load) it runs here: the same core function the worker calls.
 */
export const checkDleqOffThread: DleqCheck = async (proofs, keysets, options) => {
  startDleqWorker()
  if (!viaWorker) return inPlace(proofs, keysets, options)
  try {
    await viaWorker(proofs, keysets, options)
  } catch (error) {
    if (!(error instanceof WorkerUnavailable)) throw error
    await inPlace(proofs, keysets, options)
  }
}
