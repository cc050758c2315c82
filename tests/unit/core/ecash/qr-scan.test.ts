import { describe, expect, it } from 'vitest'
import { CAMERA_REASONS, cameraReason, QR_SCAN_ERRORS } from '../../../../src/core/ecash/qr-scan.ts'

const thrown = (name: string) => new DOMException('camera says no', name)

describe('cameraReason', () => {
  it('says the browser cannot open a camera here without getUserMedia', () => {
    expect(cameraReason(new TypeError('undefined'), false)).toBe(
      'this browser cannot open a camera here',
    )
  })

  it('names a refusal, a missing camera and one in use', () => {
    expect(cameraReason(thrown('NotAllowedError'), true)).toBe('permission was refused')
    expect(cameraReason(thrown('SecurityError'), true)).toBe('permission was refused')
    expect(cameraReason(thrown('NotFoundError'), true)).toBe('no camera was found')
    expect(cameraReason(thrown('OverconstrainedError'), true)).toBe('no camera was found')
    expect(cameraReason(thrown('NotReadableError'), true)).toBe(
      'the camera is in use by another app',
    )
    expect(Object.values(CAMERA_REASONS)).toHaveLength(4)
  })

  it("passes on any other error's own message", () => {
    expect(cameraReason(thrown('AbortError'), true)).toBe('camera says no')
    expect(cameraReason(new Error('the worker failed'), true)).toBe('the worker failed')
    expect(cameraReason('gone', true)).toBe('gone')
  })
})

describe('QR_SCAN_ERRORS', () => {
  it('says why a scan gave nothing', () => {
    expect(QR_SCAN_ERRORS.camera(cameraReason(thrown('NotAllowedError'), true))).toBe(
      'Camera not available: permission was refused',
    )
    expect(QR_SCAN_ERRORS.noCode).toBe('No QR code found in this picture')
    expect(QR_SCAN_ERRORS.notPicture).toBe('This file could not be read as a picture')
  })
})
