import { expose, wrap } from 'comlink'
import { afterAll, describe, expect, it } from 'vitest'
import { dleqCheckVia } from '../../../src/actors/ecash/cashu-dleq-check.ts'
import { TOKEN_ERRORS } from '../../../src/core/ecash/cashu-token.ts'
import { createDleqApi, type DleqApi } from '../../../src/workers/dleq-api.ts'
import { createKeyset } from '../../peers/mint/keysets.ts'
import { signedProofs } from '../../peers/mint/proofs.ts'

const keyset = createKeyset({ seed: new Uint8Array(32).fill(5) })
const other = createKeyset({ seed: new Uint8Array(32).fill(6), inputFeePpk: 100 })
const flip = (hex: string) => (hex[0] === 'a' ? 'b' : 'a') + hex.slice(1)

// The worker's API exposed over a real MessageChannel, as Comlink does between threads.
const channel = new MessageChannel()
expose(createDleqApi(), channel.port1)
const check = dleqCheckVia(wrap<DleqApi>(channel.port2))
afterAll(() => {
  channel.port1.close()
  channel.port2.close()
})

describe('DLEQ worker', () => {
  it('passes a token whose proofs (cashu-ts Amounts) all hold, the keysets given in full', async () => {
    const proofs = signedProofs(keyset, [1, 1, 1, 1, 1, 2, 4, 64])
    await expect(check(proofs, [other, keyset], { require: true })).resolves.toBeUndefined()
  })

  it("rejects with the spec's message for a bad DLEQ, a missing one when required, an unknown keyset", async () => {
    const [good, second] = signedProofs(keyset, [1, 2])
    const bad = { ...second!, dleq: { ...second!.dleq!, e: flip(second!.dleq!.e) } }
    await expect(check([good!, bad], [keyset], { require: false })).rejects.toThrow(
      'Token contains proofs with invalid DLEQ',
    )
    const { dleq: _, ...bare } = second!
    await expect(check([good!, bare], [keyset], { require: false })).resolves.toBeUndefined()
    await expect(check([good!, bare], [keyset], { require: true })).rejects.toThrow(
      TOKEN_ERRORS.invalidDleq,
    )
    await expect(check([good!], [other], { require: false })).rejects.toThrow(
      TOKEN_ERRORS.invalidDleq,
    )
  })
})
