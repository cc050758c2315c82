/**
 * NUT-10/11/14 spending conditions on the mint side: an input whose secret is a well-known
 * P2PK or HTLC secret is spendable only with the witness its lock asks for. SIG_INPUTS signs
 * each secret; SIG_ALL signs the whole transaction (NUT-11 message aggregation), and then every
 * input must carry the same data and tags. The checks themselves are cashu-ts's.
 */
import {
  getP2PKSigFlag,
  getSecretKind,
  isHTLCSpendAuthorised,
  isP2PKSpendAuthorised,
  normalizeProofAmounts,
  parseSecret,
} from '@cashu/cashu-ts'
import { Code, fail } from './errors.ts'
import type { WireOutput, WireProof } from './signing.ts'

const isNut10 = (secret: string) => secret.startsWith('[')

/** NUT-11: secret_0 || C_0 || ... || amount_0 || B_0 || ... [|| quote_id]. */
export function sigAllMessage(
  inputs: WireProof[],
  outputs: WireOutput[],
  quoteId?: string,
): string {
  return (
    inputs.map((p) => p.secret + p.C).join('') +
    outputs.map((o) => String(o.amount) + o.B_).join('') +
    (quoteId ?? '')
  )
}

function sameConditions(first: WireProof, inputs: WireProof[]): boolean {
  const conditions = parseSecret(first.secret)
  return inputs.every((p) => {
    if (!isNut10(p.secret)) return false
    const s = parseSecret(p.secret)
    return (
      s[0] === conditions[0] &&
      s[1].data === conditions[1].data &&
      JSON.stringify(s[1].tags ?? []) === JSON.stringify(conditions[1].tags ?? [])
    )
  })
}

/** Throws a 10001 mint error unless every input's spending condition is met. */
export function checkSpendingConditions(
  inputs: WireProof[],
  outputs: WireOutput[],
  quoteId?: string,
): void {
  const locked = inputs.filter((p) => isNut10(p.secret))
  const [first] = inputs
  if (locked.length === 0 || !first) return
  const sigAll = locked.some((p) => getP2PKSigFlag(p.secret) === 'SIG_ALL')
  if (sigAll && !sameConditions(first, inputs)) {
    fail(Code.proofInvalid, 'SIG_ALL inputs must share the same spending conditions')
  }
  // With SIG_ALL only the first input carries the signatures (NUT-11).
  const checked = sigAll ? [first] : locked
  const message = sigAll ? sigAllMessage(inputs, outputs, quoteId) : undefined
  for (const wire of checked) {
    let ok = false
    try {
      const [proof] = normalizeProofAmounts([
        {
          ...wire,
          witness: typeof wire.witness === 'object' ? JSON.stringify(wire.witness) : wire.witness,
        },
      ])
      const kind = proof ? getSecretKind(proof.secret) : undefined
      if (proof && kind === 'P2PK') ok = isP2PKSpendAuthorised(proof, undefined, message)
      if (proof && kind === 'HTLC') ok = isHTLCSpendAuthorised(proof, undefined, message)
    } catch {
      ok = false
    }
    if (!ok) fail(Code.proofInvalid, 'spending conditions not met')
  }
}
