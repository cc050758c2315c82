/**
 * The amount of a zap, as the Lightning zap and the ecash nutzap both ask for it: one of the
 * one-tap presets, or a custom number of whole sats.
 */

/** Amounts offered at one tap, in sats. */
export const ZAP_PRESETS = [21, 100, 500, 1000, 5000] as const
/** The amount a new zap starts at: the first preset. */
export const DEFAULT_SATS = 21

/** Whole sats typed in the custom field, or null when it is not a positive whole number. */
export const parseZapSats = (text: string): number | null => {
  const value = Number(text.trim())
  return text.trim() && Number.isSafeInteger(value) && value > 0 ? value : null
}
