/**
 * Relay permission classes (spec §6): read, write, readwrite, indexer, with their badges and the
 * cycle the permission button steps through.
 */
import type { RelayPermission } from '../platform/runtime-config.ts'

export type { RelayPermission }

export const PERMISSION_CYCLE: readonly RelayPermission[] = [
  'read',
  'write',
  'readwrite',
  'indexer',
]

export const PERMISSION_BADGE: Record<RelayPermission, string> = {
  read: 'R',
  write: 'W',
  readwrite: 'RW',
  indexer: 'I',
}

/** The next permission on the button: read → write → readwrite → indexer → read. */
export function nextPermission(permission: RelayPermission): RelayPermission {
  const index = PERMISSION_CYCLE.indexOf(permission)
  return PERMISSION_CYCLE[(index + 1) % PERMISSION_CYCLE.length]!
}

/** Notes are read from read and readwrite relays. */
export const canRead = (permission: RelayPermission): boolean =>
  permission === 'read' || permission === 'readwrite'

/** Events are published to write and readwrite relays. */
export const canWrite = (permission: RelayPermission): boolean =>
  permission === 'write' || permission === 'readwrite'
