import { useEffect, useRef, useState } from 'react'
import { canOpenCamera, decodePicture } from '../../../actors/ecash/qr-reading.ts'
import { cameraReason, QR_SCAN_ERRORS } from '../../../core/ecash/qr-scan.ts'

/**
 * Reads a QR code from the rear camera or from a picture file and hands its text to `onText`;
 * the camera stops as soon as a code decodes.
 */
export function QrScanner({ onText }: { onText: (text: string) => void }) {
  const [scanning, setScanning] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [reading, setReading] = useState(false)
  const video = useRef<HTMLVideoElement>(null)
  const overlay = useRef<HTMLCanvasElement>(null)
  const deliver = useRef(onText)
  deliver.current = onText

  // The camera lives while `scanning` is on: Stop, a decoded code or leaving the screen end it.
  useEffect(() => {
    if (!scanning) return
    let stopped = false
    let release = () => {}
    const start = async () => {
      const player = video.current
      if (!player) return
      const { QRCanvas, frameLoop, rearCamera } = await import('qr/dom.js')
      const camera = await rearCamera(player)
      if (stopped) {
        camera.stop()
        return
      }
      const canvas = new QRCanvas({ overlay: overlay.current ?? undefined })
      let busy = false
      const cancel = frameLoop(() => {
        if (busy || stopped) return
        busy = true
        camera.readFrame(canvas).then(
          (text) => {
            busy = false
            if (stopped || typeof text !== 'string') return
            deliver.current(text.trim())
            setScanning(false)
          },
          () => {
            busy = false // A frame the decoder choked on: the next one gets its turn.
          },
        )
      }, player)
      release = () => {
        cancel()
        camera.stop()
      }
    }
    start().catch((e: unknown) => {
      if (stopped) return
      setError(QR_SCAN_ERRORS.camera(cameraReason(e, canOpenCamera())))
      setScanning(false)
    })
    return () => {
      stopped = true
      release()
    }
  }, [scanning])

  const openCamera = () => {
    setError(null)
    setScanning(true)
  }

  const readPicture = (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    setError(null)
    setReading(true)
    decodePicture(file)
      .then(
        (text) => {
          if (text === null) setError(QR_SCAN_ERRORS.noCode)
          else onText(text.trim())
        },
        () => setError(QR_SCAN_ERRORS.notPicture),
      )
      .finally(() => {
        setReading(false)
        input.value = '' // The same file can be picked again.
      })
  }

  return (
    <div className="cashu-scan">
      <div className="cashu-actions">
        {scanning ? (
          <button type="button" className="button" onClick={() => setScanning(false)}>
            Stop
          </button>
        ) : (
          <button type="button" className="button" onClick={openCamera}>
            Scan QR code
          </button>
        )}
        <label className={`button cashu-photo${reading ? ' is-busy' : ''}`}>
          {reading ? 'Reading picture…' : 'Scan from a photo'}
          <input type="file" accept="image/*" disabled={reading} onChange={readPicture} />
        </label>
      </div>
      {scanning && (
        <div className="cashu-camera">
          <video ref={video} muted playsInline aria-label="Camera" />
          <canvas ref={overlay} />
          <p className="cashu-note">Point the camera at the token's QR code</p>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
