/** The part of the `lnurl` package (lnurl-node 0.27, no types of its own) the peers use. */
declare module 'lnurl' {
  interface LnurlServer {
    onReady(): Promise<void>
    generateNewUrl(
      tag: 'payRequest',
      params: { minSendable: number; maxSendable: number; metadata: string },
    ): Promise<{ encoded: string; secret: string; url: string }>
    close(options?: { force?: boolean }): Promise<void>
  }
  interface LnurlServerOptions {
    host: string
    port: number
    url: string
    lightning: { backend: 'dummy'; config: Record<string, never> }
    store: { backend: 'memory'; config: Record<string, never> }
  }
  const lnurl: { createServer(options: LnurlServerOptions): LnurlServer }
  export default lnurl
}
