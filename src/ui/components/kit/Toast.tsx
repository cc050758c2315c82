import { useLayoutEffect, useRef } from 'react'
import { toast, useNotice } from './notice.ts'
import './toast.css'

/**
 * The app's toast: at the top of the window, over whatever is open. A popover, so it is drawn
 * above a dialog still open under the one that just closed (a thread under a repost).
 */
export function Toast() {
  const notice = useNotice(toast)
  const element = useRef<HTMLParagraphElement>(null)
  useLayoutEffect(() => {
    const popover = element.current
    if (!popover || !notice) return
    // Shown again for each notice: the newest popover is drawn above every open dialog.
    if (popover.matches(':popover-open')) popover.hidePopover()
    popover.showPopover()
    return () => {
      if (popover.matches(':popover-open')) popover.hidePopover()
    }
  }, [notice])
  return (
    <p ref={element} className="toast" role="status" popover="manual">
      {notice && (
        <span
          key={notice.id}
          className={notice.action ? 'toast-text toast-text-long' : 'toast-text'}
        >
          {notice.text}
        </span>
      )}
      {notice?.action && (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            toast.hide()
            notice.action?.run()
          }}
        >
          {notice.action.label}
        </button>
      )}
    </p>
  )
}
