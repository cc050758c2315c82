import { fileURLToPath } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { plumePwa } from './scripts/vite-pwa.ts'

// nostr-wasm does not export its .wasm file; name it so the verify worker can fetch it.
const nostrWasm = fileURLToPath(
  new URL('./node_modules/nostr-wasm/public/out/secp256k1.wasm', import.meta.url),
)

// The router plugin must come before react() (stack-notes).
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/ui/routes',
      generatedRouteTree: 'src/ui/routeTree.gen.ts',
    }),
    react(),
    // Manifest and service worker (issue 10).
    plumePwa(),
  ],
  resolve: { alias: [{ find: /^nostr-wasm\/secp256k1\.wasm/, replacement: nostrWasm }] },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  server: {
    host: '127.0.0.1',
    // `npm run dev` sets this: the demo server answers /config.json with the local relay.
    proxy: process.env.PLUME_DEMO_ORIGIN
      ? { '/config.json': process.env.PLUME_DEMO_ORIGIN }
      : undefined,
  },
  preview: { host: '127.0.0.1' },
})
