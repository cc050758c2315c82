/** Fetches and validates the runtime configuration served beside index.html. */
import { fromPromise } from 'xstate'
import {
  parseRuntimeConfig,
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
} from '../../core/platform/runtime-config.ts'
import { headStart } from '../relays/head-start.ts'

export const loadConfig = fromPromise<RuntimeConfig>(async () => {
  // The start-up script's request (head-start.ts), or the same as the preload in index.html, so
  // the browser reuses its response.
  const response = await (headStart()?.takeConfig() ?? fetch(RUNTIME_CONFIG_PATH))
  if (!response.ok) {
    throw new Error(`Could not load ${RUNTIME_CONFIG_PATH} (HTTP ${response.status})`)
  }
  return parseRuntimeConfig(await response.json())
})
