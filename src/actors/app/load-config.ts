/** Fetches and validates the runtime configuration served beside index.html. */
import { fromPromise } from 'xstate'
import {
  parseRuntimeConfig,
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
} from '../../core/platform/runtime-config.ts'

export const loadConfig = fromPromise<RuntimeConfig>(async () => {
  // Same request as the preload in index.html, so the browser reuses its response.
  const response = await fetch(RUNTIME_CONFIG_PATH)
  if (!response.ok) {
    throw new Error(`Could not load ${RUNTIME_CONFIG_PATH} (HTTP ${response.status})`)
  }
  return parseRuntimeConfig(await response.json())
})
