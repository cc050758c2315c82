/**
 * The text being written in a composer, kept as a draft per account and context
 * (core/publish/draft.ts, actors/publish/drafts.ts): restored on mount and after a reload, saved on every change,
 * cleared only when a publish succeeded. A visitor who logs in keeps what they wrote.
 */
import { useSelector } from '@xstate/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { clearDraft, loadDraft, saveDraft } from '../../../actors/publish/drafts.ts'
import {
  type DraftContext,
  draftAfterAccountChange,
  draftContextName,
} from '../../../core/publish/draft.ts'
import { useSystem } from '../../system-context.tsx'

export function useDraft(context: DraftContext) {
  const { login } = useSystem()
  const account = useSelector(login, (snapshot) => snapshot.context.pubkey)
  const name = draftContextName(context)
  const [text, setTextState] = useState(() => loadDraft(account, context) ?? '')
  const current = useRef({ account, name, context, text })

  useEffect(() => {
    const before = current.current
    if (before.account === account && before.name === name) return
    const stored = loadDraft(account, context)
    let next = stored ?? ''
    if (before.name === name) {
      const after = draftAfterAccountChange(before.account, account, before.text, stored)
      next = after.text
      if (after.moved) {
        saveDraft(account, context, next)
        clearDraft(before.account, context)
      }
    }
    current.current = { account, name, context, text: next }
    setTextState(next)
  }, [account, name, context])

  const setText = useCallback((value: string) => {
    const { account: owner, context: where } = current.current
    current.current = { ...current.current, text: value }
    saveDraft(owner, where, value)
    setTextState(value)
  }, [])

  const clear = useCallback(() => {
    const { account: owner, context: where } = current.current
    current.current = { ...current.current, text: '' }
    clearDraft(owner, where)
    setTextState('')
  }, [])

  /** The text now, for an action that runs later (after a login). */
  const latest = useCallback(() => current.current.text, [])

  return { text, setText, clear, latest }
}
