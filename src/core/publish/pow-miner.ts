/**
 * The NIP-13 mining core: tries nonces for an event until its id has the target's leading zero
 * bits. Pure and synchronous, for workers and Node alike.
 *
 * The fast path. The event is serialised once (NIP-01, `[0,pubkey,created_at,kind,tags,content]`)
 * with the nonce tag last among the tags, so only the nonce digits, the committed target and the
 * content follow the counter. The counter is written as a fixed-width decimal (16 to 19 digits,
 * zero-padded) whose end falls on a 4-byte boundary, so its last four digits are one SHA-256
 * message word. For each 10,000 nonces (a "block" of the nonce space) the 64-byte chunks before
 * that word are compressed once, and so are the rounds of its chunk that come before it. Per nonce
 * only that word changes: the rest of its chunk is run (schedule and rounds), then the chunks after
 * it, whose message schedules are constant and computed once, each with its round constant added.
 * Nothing is allocated per nonce. The cost per nonce is one chunk plus the content's chunks, not
 * the whole event, and no JSON, no UTF-8 encoding.
 *
 * Splitting the work: worker `stripe` of `stripes` takes blocks stripe, stripe + stripes, ...
 */
import { PROGRESS_EVERY_HASHES } from './nip13.ts'
import { compress, IV, K, padMessage, run, schedule } from './sha256-rounds.ts'

export interface PowTemplate {
  pubkey: string
  created_at: number
  kind: number
  tags: string[][]
  content: string
}

/** An unsigned event with its id, the nonce tag last among its tags. */
export interface MinedEvent extends PowTemplate {
  id: string
}

/** Digits of the counter at least: 10^12 blocks of 10,000 nonces, more than any search needs. */
const MIN_NONCE_DIGITS = 16
/** Nonces per block: every value of the last four digits, one message word. */
export const NONCES_PER_BLOCK = 10_000

/** "0000" .. "9999" as big-endian words of ASCII digits. */
const DIGIT_WORDS = Int32Array.from({ length: NONCES_PER_BLOCK }, (_, n) => {
  const d = String(n).padStart(4, '0')
  return (
    (d.charCodeAt(0) << 24) | (d.charCodeAt(1) << 16) | (d.charCodeAt(2) << 8) | d.charCodeAt(3)
  )
})

/** The first schedule word (16..63) that depends on message word `j`: the ones before are not. */
function firstDependent(j: number): number {
  for (let s = 16; s < 64; s++) {
    if (s - 2 === j || s - 7 === j || s - 15 === j || s - 16 === j) return s
  }
  return 64
}

/** The serialisation split around the counter's digits. */
export interface PowPlan {
  readonly template: PowTemplate
  readonly targetBits: number
  /** The template's tags without any nonce tag: the mined event's tags before its own. */
  readonly tags: string[][]
  /** Width of the counter in digits. */
  readonly digits: number
  /** The serialised event in bytes, counter zeroed. */
  readonly bytes: number
  /** SHA-256 chunks per nonce: the counter's own chunk and those after it. */
  readonly chunksPerNonce: number
  readonly chunks: number
  // Internals for mine():
  readonly padded: Uint8Array
  readonly words: Int32Array
  /** Byte offset of the counter's first digit. */
  readonly start: number
  /** First chunk the counter touches; the chunk, and word within it, of its last four digits. */
  readonly firstChunk: number
  readonly lastChunk: number
  readonly lastWord: number
  /** Chaining value after the chunks before the counter: computed once. */
  readonly before: Int32Array
  /** Schedules of the chunks after the counter, K added: constant. */
  readonly after: Int32Array
}

const utf8 = new TextEncoder()

/** Serialises the event once and lays out the counter (see the module comment). */
export function planMining(template: PowTemplate, targetBits: number): PowPlan {
  const tags = template.tags.filter((tag) => tag[0] !== 'nonce')
  const { pubkey, created_at, kind, content } = template
  // `[0,"pk",t,k,[...tags]]` without its last `]]`, then the nonce tag up to its counter.
  const head = `${JSON.stringify([0, pubkey, created_at, kind, tags]).slice(0, -2)}${tags.length ? ',' : ''}["nonce","`
  const tail = `","${targetBits}"]],${JSON.stringify(content)}]`
  const headBytes = utf8.encode(head)
  const tailBytes = utf8.encode(tail)
  const start = headBytes.length
  const digits = MIN_NONCE_DIGITS + ((4 - ((start + MIN_NONCE_DIGITS) % 4)) % 4)
  const zeros = '0'.repeat(digits)
  const expected = JSON.stringify([
    0,
    pubkey,
    created_at,
    kind,
    [...tags, ['nonce', zeros, String(targetBits)]],
    content,
  ])
  if (head + zeros + tail !== expected) throw new Error('pow: unexpected event serialisation')

  const bytes = new Uint8Array(start + digits + tailBytes.length)
  bytes.set(headBytes)
  bytes.fill(0x30, start, start + digits)
  bytes.set(tailBytes, start + digits)
  const { padded, words } = padMessage(bytes)
  const chunks = words.length / 16
  const lastDigits = start + digits - 4
  const firstChunk = Math.floor(start / 64)
  const lastChunk = Math.floor(lastDigits / 64)

  const before = IV.slice()
  for (let i = 0; i < firstChunk; i++) compress(before, words, i)
  const after = new Int32Array((chunks - lastChunk - 1) * 64)
  for (let i = lastChunk + 1; i < chunks; i++) {
    const w = new Int32Array(64)
    const kw = new Int32Array(64)
    w.set(words.subarray(i * 16, i * 16 + 16))
    for (let r = 0; r < 16; r++) kw[r] = (w[r]! + K[r]!) | 0
    schedule(w, kw)
    after.set(kw, (i - lastChunk - 1) * 64)
  }
  return {
    template,
    targetBits,
    tags,
    digits,
    bytes: bytes.length,
    chunksPerNonce: chunks - lastChunk,
    chunks,
    padded,
    words,
    start,
    firstChunk,
    lastChunk,
    lastWord: (lastDigits % 64) / 4,
    before,
    after,
  }
}

export interface MineOptions {
  /** This worker's index, and how many share the search. */
  stripe?: number
  stripes?: number
  /** The first of this stripe's blocks to try: a restarted worker goes on past its predecessor. */
  firstBlock?: number
  /** Gives up after about this many hashes (rounded up to a whole batch); unbounded by default. */
  maxHashes?: number
  /**
   * Called every PROGRESS_EVERY_HASHES hashes with the hashes tried and the best difficulty seen
   * so far; returning false stops the search.
   */
  onBatch?: (hashes: number, bestBits: number) => boolean | undefined
}

export interface MineOutcome {
  /** The mined event, or null when stopped or out of hashes first. */
  event: MinedEvent | null
  hashes: number
  bestBits: number
}

const hex = (words: ArrayLike<number>): string =>
  Array.from(words, (word) => (word >>> 0).toString(16).padStart(8, '0')).join('')

function zeroBitsOf(state: Int32Array): number {
  let bits = 0
  for (const word of state) {
    const z = Math.clz32(word)
    bits += z
    if (z < 32) break
  }
  return bits
}

/** The counter of nonce `low` of `block`, as the digits written in the event. */
const counterText = (block: number, low: number, digits: number): string =>
  `${String(block).padStart(digits - 4, '0')}${String(low).padStart(4, '0')}`

/** Searches this stripe's blocks in order until an id meets the target (or a limit is hit). */
export function mine(plan: PowPlan, options: MineOptions = {}): MineOutcome {
  const { stripe = 0, stripes = 1, firstBlock = 0, maxHashes = Number.POSITIVE_INFINITY } = options
  const onBatch = options.onBatch
  const { digits, start, firstChunk, lastChunk, lastWord: j, before, after, targetBits } = plan
  const padded = plan.padded.slice()
  const words = plan.words.slice()
  const lastBlock = 10 ** (digits - 4)
  const firstWord = Math.floor(start / 4)
  const lastWordIndex = (start + digits - 4) / 4
  const chain = new Int32Array(8)
  const cached = new Int32Array(8)
  const w = new Int32Array(64)
  const kw = new Int32Array(64)
  const kj = K[j]!
  const dependent = firstDependent(j)
  const state = new Int32Array(8)
  const hash = new Int32Array(8)
  const top = Math.min(targetBits, 32)
  let hashes = 0
  let bestBits = 0

  for (let k = firstBlock; ; k++) {
    const block = k * stripes + stripe
    if (block >= lastBlock) return { event: null, hashes, bestBits }
    // The counter's higher digits: write them, re-read their words, then run the chunks before
    // the last four digits and the rounds of its chunk before their word.
    const high = String(block).padStart(digits - 4, '0')
    for (let i = 0; i < digits - 4; i++) padded[start + i] = high.charCodeAt(i)
    for (let i = firstWord; i < lastWordIndex; i++) {
      const at = i * 4
      words[i] =
        (padded[at]! << 24) | (padded[at + 1]! << 16) | (padded[at + 2]! << 8) | padded[at + 3]!
    }
    chain.set(before)
    for (let i = firstChunk; i < lastChunk; i++) compress(chain, words, i)
    w.set(words.subarray(lastChunk * 16, lastChunk * 16 + 16))
    for (let r = 0; r < 16; r++) kw[r] = (w[r]! + K[r]!) | 0
    // Schedule words before the first that depends on the counter's word hold for the block.
    schedule(w, kw)
    cached.set(chain)
    run(cached, kw, 0, 0, j)

    for (let low = 0; low < NONCES_PER_BLOCK; low++) {
      const word = DIGIT_WORDS[low]!
      w[j] = word
      kw[j] = (word + kj) | 0
      schedule(w, kw, dependent)
      state.set(cached)
      run(state, kw, 0, j, 64)
      let s0 = (chain[0]! + state[0]!) | 0
      let s1 = (chain[1]! + state[1]!) | 0
      let s2 = (chain[2]! + state[2]!) | 0
      let s3 = (chain[3]! + state[3]!) | 0
      let s4 = (chain[4]! + state[4]!) | 0
      let s5 = (chain[5]! + state[5]!) | 0
      let s6 = (chain[6]! + state[6]!) | 0
      let s7 = (chain[7]! + state[7]!) | 0
      for (let o = 0; o < after.length; o += 64) {
        state[0] = s0
        state[1] = s1
        state[2] = s2
        state[3] = s3
        state[4] = s4
        state[5] = s5
        state[6] = s6
        state[7] = s7
        run(state, after, o, 0, 64)
        s0 = (s0 + state[0]!) | 0
        s1 = (s1 + state[1]!) | 0
        s2 = (s2 + state[2]!) | 0
        s3 = (s3 + state[3]!) | 0
        s4 = (s4 + state[4]!) | 0
        s5 = (s5 + state[5]!) | 0
        s6 = (s6 + state[6]!) | 0
        s7 = (s7 + state[7]!) | 0
      }
      hashes++
      const zeros = Math.clz32(s0)
      if (zeros >= top) {
        hash.set([s0, s1, s2, s3, s4, s5, s6, s7])
        const bits = zeroBitsOf(hash)
        if (bits > bestBits) bestBits = bits
        if (bits >= targetBits) {
          const counter = counterText(block, low, digits)
          const { pubkey, created_at, kind, content } = plan.template
          const tags = [...plan.tags, ['nonce', counter, String(targetBits)]]
          return {
            event: { pubkey, created_at, kind, tags, content, id: hex(hash) },
            hashes,
            bestBits,
          }
        }
      } else if (zeros > bestBits) bestBits = zeros
      if ((hashes & (PROGRESS_EVERY_HASHES - 1)) === 0) {
        if (onBatch?.(hashes, bestBits) === false || hashes >= maxHashes) {
          return { event: null, hashes, bestBits }
        }
      }
    }
  }
}
