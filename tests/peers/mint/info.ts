/** NUT-06 mint info: what this test mint supports, as cashu-ts's MintInfo reads it. */
export interface InfoOptions {
  name?: string
  units: string[]
  /** Advertise NUT-17 websocket subscriptions (on by default). */
  websocket?: boolean
}

export function mintInfo(options: InfoOptions, pubkey: string) {
  const methods = (extra: Record<string, unknown>) =>
    options.units.map((unit) => ({ method: 'bolt11', unit, ...extra }))
  const supported = { supported: true }
  return {
    name: options.name ?? 'Plume test mint',
    pubkey,
    version: 'plume-test-mint/0.1.0',
    description: 'A Cashu mint for tests, with a fake Lightning backend.',
    description_long: 'NUT-00 to 12, 13-compatible restore and 17, on 127.0.0.1.',
    contact: [{ method: 'email', info: 'mint@example.invalid' }],
    motd: 'Test ecash only: nothing here is worth a sat.',
    time: Math.floor(Date.now() / 1000),
    nuts: {
      '4': {
        methods: methods({ min_amount: 1, max_amount: 1_000_000, description: true }),
        disabled: false,
      },
      '5': { methods: methods({ min_amount: 1, max_amount: 1_000_000 }), disabled: false },
      '7': supported,
      '8': supported,
      '9': supported,
      '10': supported,
      '11': supported,
      '12': supported,
      '14': supported,
      '20': supported,
      ...(options.websocket === false
        ? {}
        : {
            '17': {
              supported: options.units.map((unit) => ({
                method: 'bolt11',
                unit,
                commands: ['bolt11_mint_quote', 'bolt11_melt_quote', 'proof_state'],
              })),
            },
          }),
    },
  }
}
