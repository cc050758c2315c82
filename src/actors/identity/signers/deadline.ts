/**
 * Bounds a call into something we do not control (a browser extension, a remote signer): it
 * either settles in time or fails with the given message, so a silent signer never hangs the app.
 */
export function withDeadline<T>(
  call: () => T | Promise<T>,
  ms: number,
  message: string,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms)
    // A thunk, so a method that throws synchronously rejects like one that rejects.
    new Promise<T>((started) => started(call())).then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}
