/**
 * A secret key or passphrase that can travel through events and snapshots without leaking: it
 * serialises, prints and inspects as "[redacted]", so the Stately inspector, logs and error
 * messages never see the value. Only `reveal()` gives the bytes, to the code that needs them.
 */
const REDACTED = '[redacted]'

export class Secret<T = Uint8Array> {
  readonly #value: T

  constructor(value: T) {
    this.#value = value
  }

  reveal(): T {
    return this.#value
  }

  toJSON(): string {
    return REDACTED
  }

  toString(): string {
    return REDACTED
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return REDACTED
  }
}
