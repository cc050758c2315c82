/** Amounts split into a keyset's denominations, largest first (spec §9), through cashu-ts. */
import { splitAmount as cashuSplit, type Keys } from '@cashu/cashu-ts'

export function splitAmount(amount: number, keys: Keys): number[] {
  return cashuSplit(amount, keys, undefined, 'desc').map((part) => part.toNumber())
}
