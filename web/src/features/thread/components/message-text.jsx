const URL_RE = /https?:\/\/[^\s<>"'()]+[^\s<>"'().,;:!?]/g

/**
 * splitLinks cuts text into plain parts and http(s) links: [{text}] and [{url, host, label}]. A link's label starts
 * with its host, so where a link leads is always visible.
 * @param {string} text
 */
export function splitLinks(text) {
  const parts = []
  let at = 0
  for (const m of text.matchAll(URL_RE)) {
    let url
    try {
      url = new URL(m[0])
    } catch {
      continue
    }
    if (m.index > at) parts.push({ text: text.slice(at, m.index) })
    const rest = `${url.pathname === '/' ? '' : url.pathname}${url.search}`
    const label = url.host + (rest.length > 40 ? `${rest.slice(0, 39)}…` : rest)
    parts.push({ url: url.href, host: url.host, label })
    at = m.index + m[0].length
  }
  if (at < text.length) parts.push({ text: text.slice(at) })
  return parts
}

/**
 * MessageText shows a message's text as text (never HTML), its links as links naming their host.
 * @param {{text?: string | null, className?: string}} props
 */
export function MessageText({ text, className = '' }) {
  return (
    <p className={`mb-0 cc-thread-text ${className}`}>
      {splitLinks(text ?? '').map((p, i) =>
        p.url ? (
          <a key={i} href={p.url} target="_blank" rel="noopener noreferrer nofollow ugc" title={p.url}>
            {p.label}
            <span className="visually-hidden"> (opens {p.host} in a new tab)</span>
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  )
}
