import { INLINE_CONFIG_ID } from '../core/platform/runtime-config.ts'

/** The config the host put into the page (INLINE_CONFIG_ID), as text; null where it put none. */
export const inlineConfig = (): string | null =>
  document.getElementById(INLINE_CONFIG_ID)?.textContent ?? null
