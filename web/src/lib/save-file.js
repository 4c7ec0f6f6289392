/**
 * saveFile hands `text` to the browser as a download named `filename`, for
 * bodies fetched with the bearer token (a plain link cannot send it).
 */
export function saveFile(text, filename, type = 'text/plain') {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
