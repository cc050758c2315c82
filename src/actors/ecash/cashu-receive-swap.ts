/**
 * The second half of a receive (cashu-ts's completeSwap when every output is kept), with the
 * page given a turn between outputs. Each of the mint's signatures costs five constant-time
 * multiplications on this thread (its DLEQ checked, then unblinded, with the secret blinding
 * factor), so a token worth twenty outputs held the page for 100 to 200 ms in one block.
 */
import { type Proof, parseSecret, type SwapPreview, type Wallet } from '@cashu/cashu-ts'

/** Work between two turns of the page: well inside a 50 ms task, one output on a slow phone. */
const SLICE_MS = 15

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const RESTORE_HINT =
  'Inputs may already be spent; if the wallet is seeded, try restoring (NUT-09) to recover.'

/** A proof as cashu-ts sends it: no DLEQ nor P2BK key, a NUT-10 witness as JSON text. */
function asInput(proof: Proof): Proof {
  const { dleq: _dleq, p2pk_e: _key, witness, ...rest } = proof
  if (!witness) return rest
  try {
    parseSecret(proof.secret)
  } catch {
    return rest // a plain secret: nothing for a witness to unlock
  }
  return { ...rest, witness: typeof witness === 'string' ? witness : JSON.stringify(witness) }
}

/** Swaps the prepared receive at the mint and returns the new proofs, in the outputs' order. */
export async function completeReceiveSwap(wallet: Wallet, preview: SwapPreview): Promise<Proof[]> {
  const outputs = preview.keepOutputs ?? []
  const { signatures } = await wallet.mint.swap({
    inputs: preview.inputs.map(asInput),
    outputs: outputs.map((output) => output.blindedMessage),
  })
  if (signatures.length !== outputs.length) {
    throw new Error(
      `Mint returned ${signatures.length} signatures, expected ${outputs.length}. ${RESTORE_HINT}`,
    )
  }
  const keyset = wallet.getKeyset(preview.keysetId)
  const proofs: Proof[] = []
  let sliceStart = performance.now()
  for (const [i, output] of outputs.entries()) {
    const signature = signatures[i]!
    const { id, amount } = output.blindedMessage
    if (signature.id !== id || !signature.amount.equals(amount)) {
      throw new Error(`Mint signature at index ${i} does not match its output. ${RESTORE_HINT}`)
    }
    proofs.push(output.toProof(signature, keyset))
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask()
      sliceStart = performance.now()
    }
  }
  return proofs
}
