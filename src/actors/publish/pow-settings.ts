/**
 * The proof-of-work settings in local storage (spec §3): `powEnabled` ('true' when on) and
 * `powTargetBits` (the user's difficulty, 1 to 24), with a subscription for the settings screen.
 * Storage may be refused (private mode, quota): the settings then last the session.
 */
import { parseDifficultyInput, readPowEnabled, readSavedBits } from '../../core/publish/nip13.ts'

export const POW_ENABLED_KEY = 'powEnabled'
export const POW_TARGET_BITS_KEY = 'powTargetBits'

export interface PowSettings {
  enabled: boolean
  /** The user's saved difficulty, or null (the default applies). */
  savedBits: number | null
}

const memory = new Map<string, string>()

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return memory.get(key) ?? null
  }
}

function write(key: string, value: string): void {
  memory.set(key, value)
  try {
    localStorage.setItem(key, value)
  } catch {
    // Kept in memory for this session.
  }
}

const listeners = new Set<() => void>()
let current: PowSettings | null = null

function load(): PowSettings {
  return {
    enabled: readPowEnabled(read(POW_ENABLED_KEY)),
    savedBits: readSavedBits(read(POW_TARGET_BITS_KEY)),
  }
}

function changed(): void {
  current = load()
  for (const listener of listeners) listener()
}

/** The settings now; the same object until they change (for useSyncExternalStore). */
export function powSettings(): PowSettings {
  current ??= load()
  return current
}

export function subscribePowSettings(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab's change arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === POW_ENABLED_KEY || event.key === POW_TARGET_BITS_KEY)
      changed()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function setPowEnabled(enabled: boolean): void {
  write(POW_ENABLED_KEY, String(enabled))
  changed()
}

/** Saves the typed difficulty when it is valid; otherwise says why and saves nothing. */
export function savePowTargetBits(text: string): string | null {
  const parsed = parseDifficultyInput(text)
  if (!parsed.ok) return parsed.error
  write(POW_TARGET_BITS_KEY, String(parsed.bits))
  changed()
  return null
}
