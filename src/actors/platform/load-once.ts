/**
 * Code loaded on first use with `import()`, and what is made of it: loaded with the first call,
 * the same promise for every call after. A load that fails (a chunk that did not come, offline)
 * is tried again with the next call rather than kept failed.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
}
