import { defineConfig } from 'vite'

// Static files only: index.html plus hashed assets under /assets, no inline script or style,
// so the server's Content-Security-Policy can forbid both.
export default defineConfig({
  root: 'src',
  base: '/',
  build: { outDir: '../dist', emptyOutDir: true, assetsInlineLimit: 0, modulePreload: { polyfill: false } },
})
