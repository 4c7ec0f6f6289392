import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Every call of request() in a feature's api/ file (and lib/subscription.js) types its answer from the OpenAPI
// document (`Answer<'/api/<path>', '<method>'>`, web/README.md "Typed calls"), so `npm run typecheck` checks what
// the app reads. This test keeps new calls typed, and the annotation naming the call that is made: the same
// method, and the same path where the call writes it out.

const src = join(__dirname, '..', '..')
const ANSWER = /api-types'\)\.(?:Answer|Data)<['`]([^'`]+)['`], '([a-z]+)'>/

function callFiles() {
  const features = join(src, 'features')
  const files = [join(src, 'lib', 'subscription.js')]
  for (const feature of readdirSync(features)) {
    let names = []
    try {
      names = readdirSync(join(features, feature, 'api'))
    } catch {
      continue
    }
    for (const name of names) if (name.endsWith('.js')) files.push(join(features, feature, 'api', name))
  }
  return files.filter((f) => /import \{[^}]*\brequest\b[^}]*\} from/.test(readFileSync(f, 'utf8')))
}

/** callText is the text of the call that opens at `at` of `text`, to its closing parenthesis. */
function callText(text, at) {
  let depth = 0
  for (let i = at; i < text.length; i++) {
    if (text[i] === '(') depth++
    else if (text[i] === ')' && --depth === 0) return text.slice(at, i + 1)
  }
  return text.slice(at)
}

/** calls lists each request() call of `text` with the annotation above it (the @type line or the @returns). */
function calls(text) {
  const lines = text.split('\n')
  const out = []
  let offset = 0
  lines.forEach((line, i) => {
    const at = line.search(/\brequest\(/)
    const start = offset
    offset += line.length + 1
    if (at < 0 || /^import /.test(line) || /^\s*(\*|\/\/|\/\*)/.test(line)) return
    const call = callText(text, start + at)
    if (call.includes("as: 'text'")) return
    const before = lines.slice(Math.max(0, i - 8), i).reverse()
    const annotation = before.find((l) => ANSWER.test(l))
    out.push({ line: i + 1, call, annotation: annotation && ANSWER.exec(annotation) })
  })
  return out
}

/** pathPattern turns a document path ('/api/cards/{id}') into a pattern of the paths a call may write. */
const pathPattern = (path) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`)

describe('typed calls', () => {
  const files = callFiles()

  it('finds the api files', () => {
    expect(files.length).toBeGreaterThan(50)
  })

  it.each(files.map((f) => [f.slice(src.length + 1), f]))('%s types each answer from the document', (_name, file) => {
    const found = calls(readFileSync(file, 'utf8'))
    expect(found.length).toBeGreaterThan(0)
    for (const { line, call, annotation } of found) {
      expect(annotation, `line ${line}: ${call} has no Answer<'/api/…', '…'> annotation`).toBeTruthy()
      const [, path, method] = annotation
      const wanted = (/method: '([A-Z]+)'/.exec(call)?.[1] ?? (/[{,]\s*file\b/.test(call) ? 'POST' : 'GET')).toLowerCase()
      expect(method, `line ${line}: ${call}`).toBe(wanted)
      const literal = /^request\((['`])([^'`]*)\1/.exec(call)
      if (literal && !literal[2].startsWith('${') && !path.includes('${')) {
        const written = `/api/${literal[2].replace(/\$\{[^}]+\}/g, 'x').split('?')[0]}`
        expect(written, `line ${line}: the annotation names ${path}`).toMatch(pathPattern(path))
      }
    }
  })
})
