/**
 * The mint's side of NUT-00 blind Diffie-Hellman key exchange with NUT-12 DLEQ proofs, through
 * cashu-ts's crypto exports: C_ = k·B_, with (e, s) proving the same k is behind the keyset's A.
 */
import {
  createBlindSignature,
  createDLEQProof,
  hashToCurve,
  pointFromHex,
  verifyUnblindedSignature,
} from '@cashu/cashu-ts'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { Code, fail } from './errors.ts'
import type { MintKeyset } from './keysets.ts'

/** A blinded message as a wallet sends it (amount already a number). */
export interface WireOutput {
  amount: number
  id: string
  B_: string
}

/** A proof as a wallet sends it. */
export interface WireProof {
  amount: number
  id: string
  secret: string
  C: string
  witness?: string | { signatures?: string[]; preimage?: string }
}

export interface WireSignature {
  amount: number
  id: string
  C_: string
  dleq: { e: string; s: string }
}

function privateKeyFor(keyset: MintKeyset, amount: number): Uint8Array {
  const key = keyset.privateKeys[String(amount)]
  if (!key) fail(Code.proofInvalid, `no key for amount ${amount} in keyset ${keyset.id}`)
  return key
}

function point(hex: string, what: string) {
  try {
    return pointFromHex(hex)
  } catch {
    return fail(Code.proofInvalid, `invalid ${what} point`)
  }
}

export function signOutput(keyset: MintKeyset, output: WireOutput): WireSignature {
  const k = privateKeyFor(keyset, output.amount)
  const B_ = point(output.B_, 'B_')
  const { C_ } = createBlindSignature(B_, k, keyset.id)
  const dleq = createDLEQProof(B_, k)
  return {
    amount: output.amount,
    id: keyset.id,
    C_: C_.toHex(true),
    dleq: { e: bytesToHex(dleq.e), s: bytesToHex(dleq.s) },
  }
}

/** k·hash_to_curve(secret) == C for the key of the proof's amount. */
export function proofSignatureValid(keyset: MintKeyset, proof: WireProof): boolean {
  const k = keyset.privateKeys[String(proof.amount)]
  if (!k) return false
  try {
    return verifyUnblindedSignature(
      { C: pointFromHex(proof.C), secret: utf8ToBytes(proof.secret), id: proof.id },
      k,
    )
  } catch {
    return false
  }
}

/** Y = hash_to_curve(secret), the proof's identity for NUT-07 and the spent set. */
export const proofY = (secret: string): string => hashToCurve(utf8ToBytes(secret)).toHex(true)
