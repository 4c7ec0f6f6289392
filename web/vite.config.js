import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { copyFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'

// apiDocs copies Swagger UI's standalone bundle into dist/api-docs/, where
// the api's page GET /api/docs loads it from (no CDN: it works offline).
function apiDocs() {
  const files = ['swagger-ui-bundle.js', 'swagger-ui.css']
  return {
    name: 'api-docs',
    apply: 'build',
    writeBundle(options) {
      const from = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
      const to = join(options.dir || resolve('dist'), 'api-docs')
      mkdirSync(to, { recursive: true })
      for (const f of files) copyFileSync(join(from, f), join(to, f))
    },
  }
}

export default defineConfig({
  plugins: [react(), apiDocs()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.js'],
    include: ['src/**/__tests__/**/*.test.{js,jsx}'],
    css: false,
    testTimeout: 20000,
  },
})
