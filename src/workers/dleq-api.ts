/** The DLEQ worker's API, separate from its entry point so tests can expose it on any port. */
import type { DleqKeyset, DleqProof } from '../core/ecash/cashu-dleq.ts'
import { checkTokenDleq } from '../core/ecash/cashu-token.ts'

/** A proof as it crosses threads: structured clone keeps no class, so the amount is text. */
export type PlainDleqProof = DleqProof & { amount: string }

export interface DleqApi {
  /** True when every proof's DLEQ holds against its keyset (and is there, with `require`). */
  check(
    proofs: readonly PlainDleqProof[],
    keysets: readonly DleqKeyset[],
    require: boolean,
  ): Promise<boolean>
}

export function createDleqApi(): DleqApi {
  return {
    async check(proofs, keysets, require) {
      const byId = new Map(keysets.map((k) => [k.id, k]))
      try {
        checkTokenDleq(proofs, (id) => byId.get(id), { require })
        return true
      } catch {
        return false
      }
    },
  }
}
