/**
 * downloadLink starts the download of `url` named `filename`, as a click on a link would.
 * @param {string} url
 * @param {string} filename
 */
export function downloadLink(url, filename) {
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
}

/**
 * saveFile hands `text` to the browser as a download named `filename`, for
 * bodies fetched with the bearer token (a plain link cannot send it).
 * @param {string} text
 * @param {string} filename
 * @param {string} [type]
 */
export function saveFile(text, filename, type = 'text/plain') {
  const url = URL.createObjectURL(new Blob([text], { type }))
  downloadLink(url, filename)
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
