import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

/**
 * The web client's build: hashed files under `/assets/` (served immutable by the server), no inline
 * script (the server's Content-Security-Policy allows none), no source maps shipped. `npm run dev:web`
 * serves it with hot reload and sends `/api` and `/dev` to a running API (`BLUELIGHT_API`, else
 * http://localhost:3000), keeping the browser on one origin as the session cookie needs.
 */
const api = process.env.BLUELIGHT_API ?? "http://localhost:3000"

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    sourcemap: false,
    // A module preload polyfill would be inline-free already; modern browsers need none.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    target: "es2022",
    // The budget is measured in bench/ (the first page's JavaScript, gzip-compressed), not warned about here.
    chunkSizeWarningLimit: 1_000
  },
  server: {
    proxy: {
      "/api": { target: api, changeOrigin: false },
      "/dev": { target: api, changeOrigin: false }
    }
  }
})
