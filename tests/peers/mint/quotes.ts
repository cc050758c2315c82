/**
 * NUT-04 mint quotes and NUT-05 melt quotes (bolt11) against the fake Lightning backend.
 * A mint quote is UNPAID until its invoice is paid on the ledger, PAID, then ISSUED once its
 * outputs are signed. A melt quote pays an invoice of the ledger; the fee actually charged is
 * 0, so whatever the wallet added for fee_reserve comes back as NUT-08 change.
 */
import { randomBytes } from 'node:crypto'
import { verifyMintQuoteSignature } from '@cashu/cashu-ts'
import { Code, fail } from './errors.ts'
import type { Ledger } from './ledger.ts'
import type { MintBackend } from './lightning.ts'
import type { WireOutput, WireProof, WireSignature } from './signing.ts'

export type MintQuoteState = 'UNPAID' | 'PAID' | 'ISSUED'
export type MeltQuoteState = 'UNPAID' | 'PENDING' | 'PAID'

export interface MintQuote {
  quote: string
  request: string
  amount: number
  unit: string
  state: MintQuoteState
  expiry: number
  pubkey?: string
}

export interface MeltQuote {
  quote: string
  request: string
  amount: number
  fee_reserve: number
  unit: string
  state: MeltQuoteState
  expiry: number
  payment_preimage: string | null
  change?: WireSignature[]
}

const QUOTE_TTL_SECONDS = 3600
/** Fee reserve asked for a melt: 1 % of the amount, at least 2 sats (what nutshell asks). */
export const feeReserve = (amount: number) => Math.max(2, Math.ceil(amount / 100))

const newId = () => randomBytes(16).toString('base64url')
const expiry = () => Math.floor(Date.now() / 1000) + QUOTE_TTL_SECONDS

/** Splits an amount into powers of two, largest first (the change of NUT-08). */
export function powersOfTwo(amount: number): number[] {
  const parts: number[] = []
  for (let bit = 2 ** 52; bit >= 1; bit /= 2)
    if (amount >= bit) {
      parts.push(bit)
      amount -= bit
    }
  return parts
}

/** The quotes a restarted mint answers for. */
export interface QuoteBooks {
  mint: MintQuote[]
  melt: MeltQuote[]
}

export class Quotes {
  private readonly mintQuotes = new Map<string, MintQuote>()
  private readonly meltQuotes = new Map<string, MeltQuote>()
  private readonly byInvoice = new Map<string, string>()
  private readonly mintListeners = new Set<(q: MintQuote) => void>()
  private readonly meltListeners = new Set<(q: MeltQuote) => void>()

  constructor(
    private readonly ledger: Ledger,
    private readonly lightning: MintBackend,
  ) {
    lightning.onPaid((invoice) => {
      const id = this.byInvoice.get(invoice)
      const quote = id ? this.mintQuotes.get(id) : undefined
      if (quote && quote.state === 'UNPAID') this.setMintState(quote, 'PAID')
    })
  }

  books(): QuoteBooks {
    return { mint: [...this.mintQuotes.values()], melt: [...this.meltQuotes.values()] }
  }

  load(books: QuoteBooks): void {
    for (const quote of books.mint) {
      this.mintQuotes.set(quote.quote, quote)
      this.byInvoice.set(quote.request, quote.quote)
    }
    for (const quote of books.melt) this.meltQuotes.set(quote.quote, quote)
  }

  onMintQuote(listener: (q: MintQuote) => void): () => void {
    this.mintListeners.add(listener)
    return () => this.mintListeners.delete(listener)
  }

  onMeltQuote(listener: (q: MeltQuote) => void): () => void {
    this.meltListeners.add(listener)
    return () => this.meltListeners.delete(listener)
  }

  private checkUnit(unit: unknown): string {
    const u = unit === undefined ? 'sat' : String(unit)
    if (!this.ledger.keysets.some((k) => k.unit === u && k.active)) {
      fail(Code.unitUnsupported, 'unit in request is not supported')
    }
    return u
  }

  createMintQuote(body: {
    amount?: unknown
    unit?: unknown
    description?: unknown
    pubkey?: unknown
  }): MintQuote {
    const amount = Number(body.amount)
    if (!Number.isSafeInteger(amount) || amount <= 0)
      fail(Code.amountRange, 'amount outside of limit range')
    const unit = this.checkUnit(body.unit)
    const request = this.lightning.invoice(
      amount,
      typeof body.description === 'string' ? body.description : '',
    )
    const quote: MintQuote = {
      quote: newId(),
      request,
      amount,
      unit,
      state: 'UNPAID',
      expiry: expiry(),
      ...(typeof body.pubkey === 'string' ? { pubkey: body.pubkey } : {}),
    }
    this.mintQuotes.set(quote.quote, quote)
    this.byInvoice.set(request, quote.quote)
    return quote
  }

  mintQuote(id: string): MintQuote {
    const quote = this.mintQuotes.get(id)
    if (!quote) fail(Code.quoteNotPaid, 'quote not found')
    return quote
  }

  /** NUT-04 mint: the quote must be paid and not issued; outputs must sum to its amount. */
  mint(body: { quote?: unknown; outputs?: WireOutput[]; signature?: unknown }): WireSignature[] {
    const quote = this.mintQuote(String(body.quote))
    if (quote.state === 'UNPAID') fail(Code.quoteNotPaid, 'quote not paid')
    if (quote.state === 'ISSUED') fail(Code.quoteIssued, 'quote already issued')
    const outputs = body.outputs ?? []
    const outs = this.ledger.verifyOutputs(outputs, quote.unit)
    if (outs.total !== quote.amount) {
      fail(Code.unbalanced, `outputs ${outs.total} do not match quote amount ${quote.amount}`)
    }
    if (quote.pubkey) {
      const ok =
        typeof body.signature === 'string' &&
        verifyMintQuoteSignature(
          quote.pubkey,
          quote.quote,
          // biome-ignore lint/suspicious/noExplicitAny: cashu-ts types amounts as Amount; it stringifies them the same
          outputs as any,
          body.signature,
        )
      if (!ok) fail(Code.quoteSignatureInvalid, 'signature for mint request invalid')
    }
    const signatures = this.ledger.sign(outputs)
    this.setMintState(quote, 'ISSUED')
    return signatures
  }

  createMeltQuote(body: { request?: unknown; unit?: unknown }): MeltQuote {
    const unit = this.checkUnit(body.unit)
    const request = String(body.request ?? '')
    const amount = this.lightning.amountSat(request)
    if (amount === undefined) fail(Code.lightningFailed, 'amountless or invalid invoice')
    const quote: MeltQuote = {
      quote: newId(),
      request,
      amount,
      fee_reserve: feeReserve(amount),
      unit,
      state: 'UNPAID',
      expiry: expiry(),
      payment_preimage: null,
    }
    this.meltQuotes.set(quote.quote, quote)
    return quote
  }

  meltQuote(id: string): MeltQuote {
    const quote = this.meltQuotes.get(id)
    if (!quote) fail(Code.lightningFailed, 'quote not found')
    return quote
  }

  /** NUT-05 melt with NUT-08 change. */
  melt(body: { quote?: unknown; inputs?: WireProof[]; outputs?: WireOutput[] }): MeltQuote {
    const quote = this.meltQuote(String(body.quote))
    if (quote.state === 'PAID') fail(Code.invoicePaid, 'invoice already paid')
    if (quote.state === 'PENDING') fail(Code.quotePending, 'quote is pending')
    const inputs = body.inputs ?? []
    const blanks = body.outputs ?? []
    const ins = this.ledger.verifyInputs(inputs)
    if (ins.unit !== quote.unit) fail(Code.unitMismatch, 'inputs and outputs not of same unit')
    this.ledger.verifyOutputs(blanks, quote.unit, true)
    const available = ins.total - ins.fee
    if (available < quote.amount + quote.fee_reserve) {
      fail(Code.unbalanced, `inputs ${available} do not cover ${quote.amount + quote.fee_reserve}`)
    }
    this.ledger.reserve(inputs)
    this.setMeltState(quote, 'PENDING')
    let preimage: string
    try {
      preimage = this.lightning.pay(quote.request)
    } catch (error) {
      this.ledger.release(inputs)
      this.setMeltState(quote, 'UNPAID')
      return fail(Code.lightningFailed, `lightning payment failed: ${(error as Error).message}`)
    }
    this.ledger.spend(inputs)
    // NUT-08: the change (the fee reserve left over, as no routing fee is charged) goes into
    // as many blank outputs as it needs, in order; the rest are not signed.
    const parts = powersOfTwo(available - quote.amount)
    const change = this.ledger.sign(
      blanks.slice(0, parts.length).map((blank, i) => ({ ...blank, amount: parts[i] ?? 0 })),
    )
    quote.payment_preimage = preimage
    quote.change = change
    this.setMeltState(quote, 'PAID')
    return quote
  }

  private setMintState(quote: MintQuote, state: MintQuoteState): void {
    quote.state = state
    for (const listener of this.mintListeners) listener(quote)
  }

  private setMeltState(quote: MeltQuote, state: MeltQuoteState): void {
    quote.state = state
    for (const listener of this.meltListeners) listener(quote)
  }
}
