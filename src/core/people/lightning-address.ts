/**
 * The lightning field a profile shows: its lightning address (lud16, `name@domain`), else its
 * LNURL (lud06), which is long bech32 and shown shortened like an npub (13 characters at each
 * end, spec §9).
 */

export type ProfileLightning =
  | { kind: 'lud16'; address: string }
  | { kind: 'lud06'; lnurl: string; short: string }

const LIGHTNING_ADDRESS = /^[a-z0-9._+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i
const LNURL = /^lnurl1[02-9ac-hj-np-z]+$/i
const SHORT_END = 13

export function profileLightning(fields: {
  lud16: string
  lud06: string
}): ProfileLightning | null {
  const address = fields.lud16.trim()
  if (LIGHTNING_ADDRESS.test(address)) return { kind: 'lud16', address }
  const lnurl = fields.lud06
    .trim()
    .replace(/^lightning:/i, '')
    .toLowerCase()
  if (!LNURL.test(lnurl)) return null
  const short =
    lnurl.length > SHORT_END * 2 + 1
      ? `${lnurl.slice(0, SHORT_END)}…${lnurl.slice(-SHORT_END)}`
      : lnurl
  return { kind: 'lud06', lnurl, short }
}
