/** What did not load (spec §8, data errors), with a retry: a failure is not an absence. */
export function LoadFailed({ message, retry }: { message: string; retry(): void }) {
  return (
    <div className="feed-message" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </div>
  )
}
