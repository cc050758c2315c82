import encodeQR from 'qr'
import { useMemo } from 'react'

/** Quiet zone around the code, in modules (the QR standard asks for 4). */
const QUIET = 4

interface QrCodeProps {
  text: string
  label: string
  className: string
  /** 'low' holds the most (an ecash token); 'medium' survives a worn screen better. */
  ecc?: 'low' | 'medium'
}

/**
 * Text as a QR code, drawn as one SVG path. Text too long for a code draws nothing: the text and
 * its copy button beside it remain.
 */
export function QrCode({ text, label, className, ecc = 'medium' }: QrCodeProps) {
  const drawn = useMemo(() => {
    let cells: boolean[][]
    try {
      cells = encodeQR(text, 'raw', { ecc, border: QUIET })
    } catch {
      return null
    }
    const parts: string[] = []
    cells.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x} ${y}h1v1h-1z`)
      })
    })
    return { size: cells.length, path: parts.join('') }
  }, [text, ecc])
  if (!drawn) return null
  return (
    <svg
      className={className}
      viewBox={`0 0 ${drawn.size} ${drawn.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={drawn.size} height={drawn.size} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  )
}

/**
 * A BOLT 11 invoice as a QR code. Upper-cased: QR's alphanumeric mode then holds it in fewer
 * modules, and wallets read either case (BOLT 11).
 */
export const InvoiceQr = ({ invoice, className }: { invoice: string; className: string }) => (
  <QrCode
    text={`lightning:${invoice}`.toUpperCase()}
    label="Invoice QR code"
    className={className}
  />
)
