/** NUT-02 input fees: each input costs its keyset's input_fee_ppk; the sum rounds up per 1000. */
export function inputFee(
  inputs: ReadonlyArray<{ id: string }>,
  feePpk: (keysetId: string) => number,
): number {
  const ppk = inputs.reduce((sum, input) => sum + feePpk(input.id), 0)
  return Math.ceil(ppk / 1000)
}
