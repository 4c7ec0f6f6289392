// Prints gzip sizes of the built app (web/dist) and fails when over budget:
//   - JS needed to render /login (entry + static imports + the lazy chunks the
//     login route loads, with their static imports) ≤ 120 KB gzip;
//   - each lazy page chunk ≤ 60 KB gzip (also counted with the chunks it
//     statically imports that the entry does not already load).
import { readFileSync, existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const KB = 1024
const LOGIN_BUDGET = 120 * KB
const CHUNK_BUDGET = 60 * KB
const LOGIN_ROUTE_MODULES = ['src/app/routes/auth-layout.jsx', 'src/app/routes/login.jsx']

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`size: ${manifestPath} not found; run "npm run build" first`)
  process.exit(2)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const gz = new Map()
const gzipOf = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length)
  return gz.get(file)
}
const fmt = (n) => `${(n / KB).toFixed(2)} KB`

/** closure collects the JS files of manifest keys and their static imports. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`size: ${key} not in manifest`)
    if (seen.has(chunk.file)) continue
    seen.add(chunk.file)
    closure(chunk.imports || [], seen)
  }
  return seen
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
const loginFiles = closure([entryKey, ...LOGIN_ROUTE_MODULES])
let loginTotal = 0
console.log('JS needed to render /login (gzip):')
for (const file of loginFiles) {
  loginTotal += gzipOf(file)
  console.log(`  ${fmt(gzipOf(file)).padStart(10)}  ${file}`)
}
console.log(`  ${fmt(loginTotal).padStart(10)}  total (budget ${fmt(LOGIN_BUDGET)})`)

let failed = loginTotal > LOGIN_BUDGET
console.log('\nLazy page chunks (gzip, own file / with not-yet-loaded static imports):')
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue
  const own = gzipOf(chunk.file)
  const extra = [...closure([key])].filter((f) => !closure([entryKey]).has(f))
  const withImports = extra.reduce((n, f) => n + gzipOf(f), 0)
  // Strict reading: the page's own chunk and the chunks it pulls in beyond the entry both fit.
  const over = own > CHUNK_BUDGET || withImports > CHUNK_BUDGET
  if (over) failed = true
  console.log(`  ${fmt(own).padStart(10)} / ${fmt(withImports).padStart(10)}  ${key}${over ? '  OVER BUDGET' : ''}`)
}
console.log(`  (budget per lazy page chunk: ${fmt(CHUNK_BUDGET)})`)

if (failed) {
  console.error('\nsize: over budget')
  process.exit(1)
}
console.log('\nsize: within budget')
