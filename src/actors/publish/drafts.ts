/**
 * Drafts in localStorage (core/publish/draft.ts names the keys). localStorage rather than IndexedDB: it
 * reads synchronously, so the draft is in the text box on the first render (no empty box that
 * fills later and no race with the first keystrokes), and every keystroke is written at once, so
 * a reload right after typing loses nothing; a draft is a few kilobytes. Storage that refuses
 * (private modes, quota) only means the draft is not kept across reloads.
 */
import { type DraftContext, draftKey, isStorableDraft } from '../../core/publish/draft.ts'

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function storage(given?: DraftStorage): DraftStorage | null {
  try {
    return given ?? globalThis.localStorage ?? null
  } catch {
    return null
  }
}

export function loadDraft(
  account: string | null,
  context: DraftContext,
  given?: DraftStorage,
): string | null {
  try {
    return storage(given)?.getItem(draftKey(account, context)) ?? null
  } catch {
    return null
  }
}

/** Keeps the text; blank text, or text holding a secret key, removes the draft instead. */
export function saveDraft(
  account: string | null,
  context: DraftContext,
  text: string,
  given?: DraftStorage,
): void {
  const store = storage(given)
  const key = draftKey(account, context)
  try {
    if (isStorableDraft(text)) store?.setItem(key, text)
    else store?.removeItem(key)
  } catch {
    // Not kept across reloads; the text box still holds it.
  }
}

/** After a publish succeeded. */
export function clearDraft(account: string | null, context: DraftContext, given?: DraftStorage) {
  try {
    storage(given)?.removeItem(draftKey(account, context))
  } catch {
    // Nothing stored to clear.
  }
}
