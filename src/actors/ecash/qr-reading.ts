/**
 * Reading a QR code from what the browser gives: whether it can open a camera here, and the code
 * in a picture file. The decoder loads on use: it is not part of any screen's first load.
 */

/** Whether the browser offers a camera here (getUserMedia, on a secure origin only). */
export const canOpenCamera = (): boolean => Boolean(navigator.mediaDevices?.getUserMedia)

/** The text of the QR code in a picture file, or null when it holds none. */
export async function decodePicture(file: File): Promise<string | null> {
  const { default: decodeQR } = await import('qr/decode.js')
  const bitmap = await createImageBitmap(file)
  const canvas = document.createElement('canvas')
  canvas.width = bitmap.width
  canvas.height = bitmap.height
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('This browser cannot read pictures')
  context.drawImage(bitmap, 0, 0)
  bitmap.close()
  try {
    // A photo is decoded once: every retry is worth it.
    return decodeQR(context.getImageData(0, 0, canvas.width, canvas.height), {
      effort: Number.POSITIVE_INFINITY,
      timeLimit: Number.POSITIVE_INFINITY,
    })
  } catch {
    return null
  }
}
