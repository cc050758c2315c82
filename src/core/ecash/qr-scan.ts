/**
 * What scanning a token's QR code says when it cannot: the camera would not open, and why in words
 * a person can act on, or a picture holds no code, or is no picture.
 */
import { messageOf } from '../platform/error-message.ts'

export const QR_SCAN_ERRORS = {
  camera: (reason: string) => `Camera not available: ${reason}`,
  noCode: 'No QR code found in this picture',
  notPicture: 'This file could not be read as a picture',
} as const

export const CAMERA_REASONS = {
  /** No getUserMedia: an insecure origin, or a browser without cameras. */
  noCamera: 'this browser cannot open a camera here',
  refused: 'permission was refused',
  notFound: 'no camera was found',
  inUse: 'the camera is in use by another app',
} as const

/**
 * Why the camera could not open, from what opening it threw (getUserMedia's DOMException names);
 * `canOpen`: the browser offers getUserMedia here at all.
 */
export function cameraReason(error: unknown, canOpen: boolean): string {
  if (!canOpen) return CAMERA_REASONS.noCamera
  const name = error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_REASONS.refused
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return CAMERA_REASONS.notFound
  if (name === 'NotReadableError') return CAMERA_REASONS.inUse
  return messageOf(error)
}
