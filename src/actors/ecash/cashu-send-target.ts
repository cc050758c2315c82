/**
 * What a send must pick proofs for. A send swaps with `includeFees`, so cashu-ts makes the token
 * worth the amount plus the fee its receiver pays to redeem it; picking proofs for the bare amount
 * fails at a mint that charges input fees ('Not enough funds available to send' with the funds
 * there). The fee is found as cashu-ts 4.8 does (Wallet.receiveFeeAmounts, private): the fee for
 * the amount's outputs, raised until it also pays for its own outputs.
 */
import { splitAmount, type Wallet } from '@cashu/cashu-ts'

export function sendTarget(wallet: Wallet, amount: number): number {
  const keyset = wallet.getKeyset(wallet.keysetId)
  const feeFor = (outputs: number) => wallet.getFeesForKeyset(outputs, keyset.id).toNumber()
  const outputs = splitAmount(amount, keyset.keys).length
  let fee = feeFor(outputs)
  while (feeFor(outputs + splitAmount(fee, keyset.keys).length) > fee) fee++
  return amount + fee
}
