/** PROFILE_IMAGE_SIZE is the side, in pixels, of the square picture we upload (smaller sources keep their size). */
export const PROFILE_IMAGE_SIZE = 512

/**
 * @param {string} src
 * @returns {Promise<HTMLImageElement>}
 */
function loadImage(src) {
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.onload = () => resolve(img)
    img.onerror = () => reject(new Error('This picture cannot be read. Please choose another image.'))
    img.src = src
  })
}

/**
 * cropToSquare draws `area` ({x, y, width, height} in pixels of the source
 * image `src`) onto a square canvas at most PROFILE_IMAGE_SIZE wide and
 * resolves to a JPEG Blob: the picture that is uploaded.
 * @param {string} src
 * @param {{x: number, y: number, width: number, height: number}} area
 * @returns {Promise<Blob>}
 */
export async function cropToSquare(src, area) {
  const img = await loadImage(src)
  const side = Math.max(1, Math.min(PROFILE_IMAGE_SIZE, Math.round(area.width)))
  const canvas = document.createElement('canvas')
  canvas.width = side
  canvas.height = side
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('The picture could not be cropped.')
  // JPEG has no transparency: transparent pixels become white, not black.
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, side, side)
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, side, side)
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be cropped.'))), 'image/jpeg', 0.9)
  })
}
