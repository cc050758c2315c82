/**
 * The mint's books: keysets, the spent and pending sets (by Y), every signature it issued (by
 * B_, for NUT-09 restore and so no output is signed twice), and the checks every transaction
 * passes: inputs valid and unspent, outputs new and of an active keyset, one unit, and
 * inputs = outputs + fees (NUT-02, NUT-03).
 */
import { checkSpendingConditions } from './conditions.ts'
import { Code, fail } from './errors.ts'
import { inputFee, type MintKeyset } from './keysets.ts'
import {
  proofSignatureValid,
  proofY,
  signOutput,
  type WireOutput,
  type WireProof,
  type WireSignature,
} from './signing.ts'

export type ProofStateName = 'UNSPENT' | 'PENDING' | 'SPENT'

export interface ProofStateEntry {
  Y: string
  state: ProofStateName
  witness: string | null
}

const sum = (items: Array<{ amount: number }>) => items.reduce((total, i) => total + i.amount, 0)

const witnessText = (w: WireProof['witness']): string | null =>
  w === undefined ? null : typeof w === 'string' ? w : JSON.stringify(w)

/** What a restarted mint needs of the books (keysets come again from their seed). */
export interface LedgerBooks {
  spent: Array<[string, string | null]>
  pending: string[]
  signed: Array<[string, WireSignature]>
}

export class Ledger {
  readonly keysets: MintKeyset[]
  private readonly spent = new Map<string, string | null>()
  private readonly pending = new Set<string>()
  private readonly signed = new Map<string, WireSignature>()
  private readonly listeners = new Set<(entry: ProofStateEntry) => void>()

  constructor(keysets: MintKeyset[]) {
    if (keysets.length === 0) throw new Error('a mint needs at least one keyset')
    this.keysets = keysets
  }

  books(): LedgerBooks {
    return { spent: [...this.spent], pending: [...this.pending], signed: [...this.signed] }
  }

  load(books: LedgerBooks): void {
    for (const [Y, witness] of books.spent) this.spent.set(Y, witness)
    for (const Y of books.pending) this.pending.add(Y)
    for (const [B_, signature] of books.signed) this.signed.set(B_, signature)
  }

  keyset(id: string): MintKeyset {
    const found = this.keysets.find((k) => k.id === id)
    if (!found) fail(Code.keysetUnknown, 'keyset is not known')
    return found
  }

  onProofState(listener: (entry: ProofStateEntry) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  state(Y: string): ProofStateEntry {
    if (this.spent.has(Y)) return { Y, state: 'SPENT', witness: this.spent.get(Y) ?? null }
    return { Y, state: this.pending.has(Y) ? 'PENDING' : 'UNSPENT', witness: null }
  }

  /** Checks inputs (valid, unspent, not pending, one unit); returns their unit, total and fee. */
  verifyInputs(inputs: WireProof[]): { unit: string; total: number; fee: number } {
    if (!Array.isArray(inputs) || inputs.length === 0) fail(Code.proofInvalid, 'no inputs')
    const ys = inputs.map((p) => proofY(String(p.secret)))
    if (new Set(ys).size !== ys.length) fail(Code.duplicateInputs, 'duplicate inputs provided')
    const units = new Set(inputs.map((p) => this.keyset(p.id).unit))
    if (units.size > 1) fail(Code.multipleUnits, 'inputs of multiple units')
    for (const p of inputs) {
      if (!proofSignatureValid(this.keyset(p.id), p)) {
        fail(Code.proofInvalid, 'could not verify proofs')
      }
    }
    for (const Y of ys) {
      if (this.spent.has(Y)) fail(Code.alreadySpent, 'Token already spent.')
      if (this.pending.has(Y)) fail(Code.pending, 'proofs are pending')
    }
    const fee = inputFee(
      inputs.map((p) => p.id),
      (id) => this.keyset(id),
    )
    return { unit: [...units][0] ?? 'sat', total: sum(inputs), fee }
  }

  /**
   * Checks outputs (new, active keyset, valid amounts, one unit); returns unit and total.
   * NUT-08 blank outputs carry any amount (cashu-ts sends 0): the mint sets it when signing.
   */
  verifyOutputs(
    outputs: WireOutput[],
    unit?: string,
    blank = false,
  ): { unit: string; total: number } {
    if (!Array.isArray(outputs)) fail(Code.unbalanced, 'outputs missing')
    const bs = outputs.map((o) => o.B_)
    if (new Set(bs).size !== bs.length) fail(Code.duplicateOutputs, 'duplicate outputs provided')
    const units = new Set<string>()
    for (const o of outputs) {
      const keyset = this.keyset(o.id)
      if (!keyset.active) fail(Code.keysetInactive, 'keyset is inactive, cannot sign messages')
      if (!blank && (!Number.isSafeInteger(o.amount) || !keyset.privateKeys[String(o.amount)])) {
        fail(Code.amountRange, `invalid output amount ${o.amount}`)
      }
      if (this.signed.has(o.B_)) fail(Code.outputsSigned, 'outputs have already been signed before')
      units.add(keyset.unit)
    }
    if (units.size > 1) fail(Code.multipleUnits, 'outputs of multiple units')
    const outUnit = [...units][0] ?? unit ?? 'sat'
    if (unit !== undefined && outUnit !== unit) {
      fail(Code.unitMismatch, 'inputs and outputs not of same unit')
    }
    return { unit: outUnit, total: sum(outputs) }
  }

  sign(outputs: WireOutput[]): WireSignature[] {
    return outputs.map((o) => {
      const signature = signOutput(this.keyset(o.id), o)
      this.signed.set(o.B_, signature)
      return signature
    })
  }

  /** Marks inputs pending while a melt pays (NUT-05); `release` undoes it. */
  reserve(inputs: WireProof[]): void {
    for (const p of inputs) this.setPending(proofY(p.secret), true)
  }

  release(inputs: WireProof[]): void {
    for (const p of inputs) this.setPending(proofY(p.secret), false)
  }

  spend(inputs: WireProof[]): void {
    for (const p of inputs) {
      const Y = proofY(p.secret)
      this.pending.delete(Y)
      this.spent.set(Y, witnessText(p.witness))
      this.emit(Y)
    }
  }

  /** NUT-03 swap. */
  swap(inputs: WireProof[], outputs: WireOutput[]): WireSignature[] {
    const ins = this.verifyInputs(inputs)
    const outs = this.verifyOutputs(outputs, ins.unit)
    if (ins.total - ins.fee !== outs.total) {
      fail(
        Code.unbalanced,
        `transaction is not balanced: inputs ${ins.total}, fee ${ins.fee}, outputs ${outs.total}`,
      )
    }
    checkSpendingConditions(inputs, outputs)
    this.spend(inputs)
    return this.sign(outputs)
  }

  /** NUT-09: the signatures already issued for these outputs, in order. */
  restore(outputs: WireOutput[]): { outputs: WireOutput[]; signatures: WireSignature[] } {
    const found = outputs.filter((o) => this.signed.has(o.B_))
    return {
      outputs: found,
      signatures: found.map((o) => this.signed.get(o.B_) as WireSignature),
    }
  }

  private setPending(Y: string, pending: boolean): void {
    if (pending) this.pending.add(Y)
    else this.pending.delete(Y)
    this.emit(Y)
  }

  private emit(Y: string): void {
    const entry = this.state(Y)
    for (const listener of this.listeners) listener(entry)
  }
}
