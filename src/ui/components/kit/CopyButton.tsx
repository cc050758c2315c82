import { useEffect, useState } from 'react'

/** How long 'Copied' shows (spec §9). */
export const COPIED_FEEDBACK_MS = 1500

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <button
      type="button"
      className="button"
      onClick={() =>
        // No clipboard (not a secure origin) or no permission: the button just stays as it is.
        navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => {},
        )
      }
    >
      {copied ? 'Copied' : label}
    </button>
  )
}
