/**
 * Proofs signed by a test keyset without a running mint, each with its DLEQ (NUT-12) as a wallet
 * holds it after minting: for tests of what a receiver checks.
 */
import { OutputData, type Proof } from '@cashu/cashu-ts'
import type { MintKeyset } from './keysets.ts'
import { signOutput } from './signing.ts'

/** One proof per power of two in each amount. */
export function signedProofs(keyset: MintKeyset, amounts: number[]): Proof[] {
  return amounts.flatMap((amount) =>
    OutputData.createRandomData(amount, keyset).map((output) => {
      const { amount: value, id, B_ } = output.blindedMessage
      const signature = signOutput(keyset, { amount: value.toNumber(), id, B_ })
      return output.toProof({ ...signature, amount: value }, keyset)
    }),
  )
}
